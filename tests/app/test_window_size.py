"""The window's default size: the full layout on a normal screen, smaller on a small one."""

from app.main import default_window_size


def test_default_window_size_fits_the_screen():
    assert default_window_size([(1920, 1080)]) == (1600, 960)
    assert default_window_size([(3840, 2160)]) == (1600, 960)  # no giant window to fill in software
    w, h = default_window_size([(1366, 768)])
    assert w <= 1366 - 60 and h <= 768 - 110
    assert default_window_size([]) == (1600, 960)
    assert default_window_size([(800, 600)]) == (1024, 640)  # the panels need this much
