"""Storage: SQLAlchemy models, the engine/session factory, repositories. The only code that
touches the database."""
