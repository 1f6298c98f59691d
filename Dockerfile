FROM python:3.11-slim
WORKDIR /srv/quorum
COPY . .
RUN pip install --no-cache-dir -e .
ENV DATABASE_URL=sqlite:////data/quorum.db
EXPOSE 8000
CMD ["python", "-m", "app", "serve", "--host", "0.0.0.0", "--port", "8000"]
