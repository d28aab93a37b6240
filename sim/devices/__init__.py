"""Device models: one module per device family."""
