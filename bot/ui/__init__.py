"""Discord presentation: embeds rendered from domain events and state, persistent buttons."""
