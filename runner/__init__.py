"""Ways of running that wire st/, sim/ and tasks/ together (imported by main.py and app/).

- runner.selection: which tasks a selection (`all`, `MOT`, `H`, `MOT-H`, ids) names;
- runner.submissions: the submission layouts of a folder, trial by trial, and what is missing;
- runner.batch: grade a suite of submissions (or the reference programs) over N processes;
- runner.metrics: pass@1, pass@k, SR, SVR and the execution gap, per suite, level and overall;
- runner.compare: the tasks whose reward differs between two results files;
- runner.harbor: export the tasks as Harbor task folders and a registry;
- runner.ray_backend: the same batch on a Ray cluster (imported only for --ray);
- runner.versions: the project's version, stamped into results and exports.
"""
