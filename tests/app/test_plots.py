"""The trace's lanes without a window: y ranges fitted to the data, the cursor readout."""

import numpy as np

from app.plots import Lane, readout, thin


def _lane(values, now=None, digital=False, name="speed"):
    y = np.array(values, dtype=np.float64)
    x = np.arange(y.size) * 0.01
    return Lane(name, x, y, y.size if now is None else now, digital)


def test_a_number_lane_fits_its_data_not_0_to_1():
    lo, hi = _lane([0, 250, 1200, 900]).limits()
    assert lo < 0 < 1200 < hi < 1400
    lo, hi = _lane([-5.0, -3.0]).limits()
    assert -6 < lo < -5 and -3 < hi < -2


def test_a_constant_lane_gets_a_range_around_its_value():
    lo, hi = _lane([500, 500, 500]).limits()
    assert lo < 500 < hi and hi - lo >= 2
    assert _lane([np.nan, np.nan]).limits() == (0.0, 1.0)


def test_value_at_takes_the_last_scan_at_or_before_the_time():
    lane = _lane([1, 2, 3, 4], now=2)
    assert lane.value_at(0.0) == (1.0, False)
    assert lane.value_at(0.019) == (2.0, False)
    assert lane.value_at(0.02) == (3.0, True)   # scan 2 lies after the cursor: the run's future
    assert lane.value_at(-0.5) == (None, False)
    assert lane.value_at(5.0) == (None, False)


def test_readout_names_every_lane_and_formats_bools():
    lanes = [_lane([0, 1, 1], digital=True, name="eye"), _lane([10, 20, 2500], now=2, name="ET")]
    assert readout(lanes, 0.02) == [("eye", "TRUE"), ("ET", "2500  (future)")]
    assert readout(lanes, 0.02, fmt=lambda n, v: f"T#{int(v)}ms") == [("eye", "TRUE"),
                                                                       ("ET", "T#2500ms  (future)")]


def test_thin_keeps_the_edges_of_a_digital_signal():
    x = np.arange(10) * 0.01
    y = np.array([0, 0, 0, 1, 1, 1, 0, 0, 0, 0], dtype=np.float64)
    tx, ty = thin(x, y, True)
    assert list(ty) == [0, 1, 0, 0] and list(np.round(tx * 100)) == [0, 3, 6, 9]
