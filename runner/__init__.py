"""Ways of running that wire st/, sim/ and tasks/ together (see DESIGN.md, "Layers").

Each module is one way; main.py and app/ import them:

- runner.guarded: the command line's steps whose cost the program decides (compiling, building
  its variables) in a guarded worker;
- runner.trace_files: a run as VCD and CSV traces;
- runner.modbus_server: a task's plant served to an external PLC over Modbus TCP;
- runner.selection: which tasks a selection (`all`, `MOT`, `H`, `MOT-H`, ids) names;
- runner.submissions: the submission layouts of a folder, trial by trial, and what is missing;
- runner.batch: grade a suite of submissions (or the reference programs) over N processes;
- runner.metrics: pass@1, pass@k, SR, SVR and the execution gap, per suite, level and overall;
- runner.compare: the tasks whose reward differs between two results files;
- runner.harbor: export the tasks as Harbor task folders and a registry;
- runner.ray_backend: the same batch on a Ray cluster (imported only for --ray);
- runner.versions: the project's version, stamped into results and exports.
"""
