"""The task suite: one folder per task, plus the registry."""
