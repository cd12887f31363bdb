"""The session log of each channel: what the bot posted there, who caused it, when."""
