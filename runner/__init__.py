"""Wiring the layers together for the command line (see DESIGN.md): each way of running is a module."""
