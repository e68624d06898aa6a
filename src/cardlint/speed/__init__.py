"""Fast grammar loading and lexing: shipped LALR tables, the table cache, the inline build and the word lexers."""
