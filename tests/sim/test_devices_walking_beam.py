"""WalkingBeam: pick-up half way up, carrying one pitch on, set-down, crashes, drops and the
stations' work marks, with short cylinder strokes."""

from sim.devices.machine import Part, PartPlace
from sim.devices.pneumatics import Cylinder
from sim.devices.stations import TransferStation
from sim.devices.walking_beam import WalkingBeam
from sim.plant import Plant

NESTS = ("n0", "n1", "n2")


def _plant(carried=None, lying=None, work_s=0.1):
    plant = Plant(seed=1, substeps=1)
    plant.add(Cylinder("lift", 0.0, 0.0, angle_deg=90.0, stroke=50.0, extend_s=0.1, retract_s=0.1,
                       solenoid="double", start_extended=bool(carried)))
    plant.add(Cylinder("advance", -300.0, 0.0, stroke=200.0, extend_s=0.1, retract_s=0.1, solenoid="double"))
    for j, name in enumerate(NESTS):
        place = plant.add(PartPlace(name, 100.0 + 200.0 * j, 100.0))
        if lying and j in lying:
            place.place_initial(lying[j])
    plant.add(TransferStation("st", 1, 0.0, x=300.0, y=250.0, requests=(0.0,) * 5, regap_s=0.0,
                              arm_time_s=0.05, work_s=work_s))
    beam = plant.add(WalkingBeam("beam", lift="lift", advance="advance", nests=NESTS, stations={1: "st"},
                                 pitch_mm=200.0, pick_mm=25.0, carried=carried))
    return plant, beam


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def _coil(plant, name, out):
    plant[name].write("extend", out)
    plant[name].write("retract", not out)


def test_an_index_lifts_each_part_one_nest_on():
    plant, beam = _plant(lying={0: Part(1), 1: Part(2)})
    _coil(plant, "lift", True)
    _run(plant, 0.04)                                 # 20 mm: not yet at the parts
    assert beam.carried == 0 and plant["n0"].occupied
    _run(plant, 0.02)                                 # past 25 mm: both parts on the beam
    assert beam.carried == 2 and not plant["n0"].read("part_present") and not plant["n1"].occupied
    _run(plant, 0.1)
    _coil(plant, "advance", True)
    _run(plant, 0.15)
    assert beam.offset_mm == 200.0 and beam.nest_under(0) == 1 and beam.nest_under(1) == 2
    _coil(plant, "lift", False)
    _run(plant, 0.15)
    assert beam.carried == 0 and plant["n1"].parts[0].number == 1 and plant["n2"].parts[0].number == 2
    assert not plant["n0"].occupied and plant["n1"].double_placements == 0


def test_setting_a_part_on_a_full_nest_is_a_double_placement_and_between_nests_a_drop():
    plant, beam = _plant(carried={0: Part(1), 1: Part(2)}, lying={2: Part(9)})
    _coil(plant, "lift", True)
    _coil(plant, "advance", True)
    _run(plant, 0.15)
    _coil(plant, "lift", False)
    _run(plant, 0.15)
    assert plant["n2"].double_placements == 1 and plant["n1"].parts[0].number == 1
    plant2, beam2 = _plant(carried={0: Part(1)})
    _coil(plant2, "advance", True)                    # forward and down at once: the lift passes
    _coil(plant2, "lift", False)                      # 25 mm with the beam half a pitch on
    _run(plant2, 0.04)
    assert beam2.nest_under(0) is None and beam2.carried == 1
    _run(plant2, 0.1)
    assert [p.number for _, p in beam2.dropped] == [1]


def test_a_station_cycle_marks_the_part_in_its_nest_and_lifting_under_its_tool_is_logged():
    plant, beam = _plant(lying={1: Part(5)}, work_s=0.1)
    plant["st"].write("grant", True)
    _run(plant, 0.2)                                  # tool down 0.05 s, work 0.1 s: done
    assert beam.worked_by(plant["n1"].parts[0]) == ["st"]
    plant["st"].write("grant", False)
    plant2, beam2 = _plant(lying={1: Part(5)}, work_s=1.0)
    plant2["st"].write("grant", True)
    _run(plant2, 0.1)                                 # tool in, working
    _coil(plant2, "lift", True)
    _run(plant2, 0.1)
    assert beam2.tool_hits == 1 and beam2.carried == 1 and beam2.worked_by(beam2.pockets[1]) == []
