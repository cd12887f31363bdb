"""Encounters: the pure engine (model, events, flow) and the service that stores it."""
