"""Discord adapters: thin cogs that parse options, call a service, render and reply."""
