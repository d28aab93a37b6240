"""Ways of running that wire st/, sim/ and tasks/ together (see DESIGN.md, "Layers").

Each module is one way: `trace_files` writes a run as VCD and CSV traces, `modbus_server`
serves a task's plant to an external PLC over Modbus TCP, `guarded` runs the command line's
steps whose cost the program decides (compiling, building its variables) in a guarded worker.
main.py and app/ import them.
"""
