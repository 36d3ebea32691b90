"""Route modules: thin functions that parse, call a service and serialize."""
