"""The offline catalogue: bundled read-only SQLite built from data/, and the user database. No Qt."""
