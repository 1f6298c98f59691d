// The interactive API docs: Swagger UI on this server's OpenAPI document (a file of its own,
// because the Content-Security-Policy runs no inline script).
const root = document.getElementById("swagger-ui");
window.ui = window.SwaggerUIBundle({
  url: root.dataset.openapi,
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
