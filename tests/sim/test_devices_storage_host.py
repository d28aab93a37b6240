"""StorageHost: orders one at a time, a store's load brought in as it is presented, the report
checked against the rack (with the slot word of the same scan), the list at power-up."""

from sim.devices.rack import Rack
from sim.devices.storage_host import StorageHost
from sim.plant import Plant


def _host(orders=(101, -101), loads=None, unlisted=(), gap_s=1.0):
    plant = Plant(seed=1, substeps=1)
    rack = plant.add(Rack("rack", columns_mm=(800, 1400), levels_mm=(200, 800), infeed=(0, 500),
                          outfeed=(0, 1100), loads=loads or {}))
    host = plant.add(StorageHost("host", rack="rack", orders=orders, first_s=0.5, gap_s=gap_s,
                                 unlisted=unlisted))
    return plant, rack, host


def _run(plant, s):
    for _ in range(round(s / 0.01)):
        plant.step()


def test_the_list_at_power_up_leaves_out_the_unlisted_slots():
    _, _, host = _host(loads={1: 901, 4: 902}, unlisted=(1,))
    assert host.read("listed_occupied") == 0b1000


def test_a_store_is_presented_with_its_load_on_the_infeed_and_checked_at_the_report():
    plant, rack, host = _host()
    _run(plant, 0.49)
    assert not host.read("pending") and rack.infeed.load is None
    plant.step()
    assert host.read("pending") and host.read("kind") == 1 and host.read("load") == 101
    rack.slot(3).load, rack.infeed.load = 101, None
    host.write("slot", 3)
    host.write("done", True)          # the edge and the slot word of one scan
    plant.step()
    assert not host.read("pending") and host.results[0].error == "" and host.results[0].slot == 3


def test_a_wrong_report_is_logged_and_the_next_order_comes_a_gap_later():
    plant, rack, host = _host(gap_s=1.0)
    _run(plant, 0.5)
    host.write("slot", 2)
    host.write("done", True)
    plant.step()
    assert "reported slot 2, but load 101 is on the infeed stand" in host.results[0].error
    host.write("done", False)
    _run(plant, 0.99)
    assert not host.read("pending")
    plant.step()
    assert host.read("kind") == 2 and host.read("load") == 101


def test_a_retrieval_is_right_once_the_load_reached_the_outfeed_and_a_stray_report_counts_nothing():
    plant, rack, host = _host(orders=(-7,), loads={2: 7})
    host.write("done", True)
    plant.step()
    assert host.stray_dones == 1 and not host.results
    host.write("done", False)
    _run(plant, 0.5)
    rack.slot(2).load, rack.outfeed.load = None, 7
    host.write("done", True)
    plant.step()
    assert host.results[0].error == "" and host.finished
