"""TelescopicFork: stroke time and end switches, the slot eye, taking and setting down a load by
height, a load tipped off a fork part way in, and the set-offs, collisions and hits it logs."""

from sim.devices.axis import Axis
from sim.devices.rack import Rack
from sim.devices.telescopic_fork import TelescopicFork
from sim.plant import Plant


def _crane(x_mm=800.0, z_mm=170.0, loads=None, stroke_s=1.0):
    plant = Plant(seed=1, substeps=1)
    x = plant.add(Axis("x", start_mm=x_mm, limit_minus_mm=-50, limit_plus_mm=2100))
    z = plant.add(Axis("z", angle_deg=90.0, start_mm=z_mm, limit_minus_mm=100, limit_plus_mm=1500))
    rack = plant.add(Rack("rack", columns_mm=(800, 1400), levels_mm=(200, 800), infeed=(0, 500),
                          outfeed=(0, 1100), loads=loads or {}))
    fork = plant.add(TelescopicFork("fork", x="x", z="z", rack="rack", stroke_s=stroke_s))
    return plant, x, z, rack, fork


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def test_the_stroke_takes_its_time_and_only_the_ends_light_the_switches():
    plant, x, z, rack, fork = _crane(stroke_s=1.0)
    assert fork.read("retracted") and not fork.read("extended")
    fork.write("extend", True)
    _run(plant, 0.5)
    assert not fork.read("retracted") and not fork.read("extended")
    _run(plant, 0.5)
    assert fork.read("extended")
    fork.write("extend", False)
    _run(plant, 0.99)
    assert not fork.read("retracted")
    _run(plant, 0.01)
    assert fork.read("retracted")


def test_the_slot_eye_sees_a_load_only_from_in_front_of_its_place():
    plant, x, z, rack, fork = _crane(x_mm=800.0, z_mm=230.0, loads={1: 901})
    assert fork.read("slot_occupied") is True
    z.pos = 330.0
    assert fork.read("slot_occupied") is False                 # far above the support
    z.pos, x.pos = 230.0, 1400.0
    assert fork.read("slot_occupied") is False                 # slot 2 is empty


def test_an_empty_fork_in_below_a_load_takes_it_as_z_rises_through_the_supports():
    plant, x, z, rack, fork = _crane(z_mm=170.0, loads={1: 901})
    fork.write("extend", True)
    _run(plant, 1.0)
    z.pos = 199.0
    plant.step()
    assert fork.load is None and rack.slot(1).load == 901
    z.pos = 201.0
    plant.step()
    assert fork.read("loaded") and rack.slot(1).load is None and fork.picks[0][1:] == ("slot 1", 901)


def test_a_loaded_fork_in_above_an_empty_place_sets_the_load_down_as_z_sinks():
    plant, x, z, rack, fork = _crane(x_mm=1400.0, z_mm=230.0)
    fork.load = 77
    fork.write("extend", True)
    _run(plant, 1.0)
    z.pos = 199.0
    plant.step()
    assert fork.load is None and rack.slot(2).load == 77 and fork.set_downs[0][1:] == ("slot 2", 77)


def test_lifting_with_the_fork_part_way_in_tips_the_load_off():
    plant, x, z, rack, fork = _crane(z_mm=170.0, loads={1: 901})
    fork.write("extend", True)
    _run(plant, 0.5)
    z.pos = 210.0
    plant.step()
    assert fork.load is None and rack.slot(1).load is None and fork.dropped[0][1:] == ("slot 1", 901)


def test_set_offs_are_logged_with_the_place_and_a_load_into_a_full_place_collides():
    plant, x, z, rack, fork = _crane(z_mm=230.0, loads={1: 901})
    fork.load = 5
    fork.write("extend", True)
    plant.step()
    e = fork.extensions[0]
    assert e.place is rack.slot(1) and e.loaded and e.above
    assert fork.collisions == [(0.01, "slot 1", 5, 901)]
    _run(plant, 1.0)
    z.pos = 170.0
    plant.step()
    assert fork.load == 5 and rack.slot(1).load == 901           # nothing changes hands


def test_an_empty_fork_in_above_a_load_butts_against_it_and_takes_nothing():
    plant, x, z, rack, fork = _crane(z_mm=230.0, loads={1: 901})
    fork.write("extend", True)
    _run(plant, 1.0)
    z.pos = 260.0
    plant.step()
    assert fork.hits and fork.load is None and rack.slot(1).load == 901


def test_the_mast_follows_the_travel_carriage():
    plant, x, z, rack, fork = _crane(x_mm=800.0)
    x.pos = 1234.0
    plant.step()
    assert z.origin[0] == 1234.0
