"""Plant simulator layer: devices, physics, the scan loop, judges and the verifier."""
