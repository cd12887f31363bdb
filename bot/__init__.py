"""A Discord dice and combat bot for tabletop RPG groups."""
