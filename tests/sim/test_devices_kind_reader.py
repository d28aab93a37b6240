"""KindReader: the kind code of the part on a place, valid only read_s after it arrived."""

from sim.devices.kind_reader import KindReader
from sim.devices.machine import Part, PartPlace
from sim.plant import Plant


def test_the_kind_is_read_after_read_s_and_cleared_when_the_part_goes():
    plant = Plant(seed=1, substeps=1)
    place = plant.add(PartPlace("infeed", 0.0, 0.0, supply=[(0.0, Part(1)), (0.0, Part(2))], refill_s=0.3))
    reader = plant.add(KindReader("reader", place="infeed", kinds={1: 2, 2: 1}, read_s=0.2))
    plant.step()
    assert place.occupied and not reader.read("kind_valid") and reader.read("kind_code") == 0
    for _ in range(20):
        plant.step()
    assert reader.read("kind_valid") and reader.read("kind_code") == 2
    place.take()
    plant.step()
    assert not reader.read("kind_valid") and reader.read("kind_code") == 0
    for _ in range(60):
        plant.step()
    assert reader.read("kind_code") == 1


def test_an_unlisted_part_reads_as_code_zero_but_valid():
    plant = Plant(seed=1, substeps=1)
    plant.add(PartPlace("infeed", 0.0, 0.0, supply=[(0.0, Part(9))]))
    reader = plant.add(KindReader("reader", place="infeed", kinds={1: 1}, read_s=0.0))
    plant.step()
    plant.step()
    assert reader.read("kind_valid") and reader.read("kind_code") == 0
