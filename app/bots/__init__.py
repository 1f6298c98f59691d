"""Players that choose among a prompt's options without knowing any rule."""
