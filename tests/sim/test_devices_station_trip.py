"""TransferStation's arm drive trip (trip_request, trip_point, trip_reset_s), independent of any
task: the fault signal, the arm going home (or staying there), the request staying up, the grant
ignored until the reset, and the station acting on its grant again at once after it."""

from __future__ import annotations

import pytest

from sim.devices.stations import TransferStation
from sim.plant import Plant


def station(**kw):
    plant = Plant(seed=1, substeps=1)
    args = dict(x=350, y=440, requests=(0.0, 0.0), regap_s=0.5, arm_time_s=0.4, work_s=1.0)
    args.update(kw)
    st = plant.add(TransferStation("station_1", 1, 250.0, **args))
    return plant, st


def seconds(plant: Plant, s: float) -> None:
    for _ in range(round(s * 100)):
        plant.step()


def test_without_a_trip_the_station_never_reports_a_fault():
    plant, st = station()
    seconds(plant, 0.05)
    st.write("grant", True)
    for _ in range(400):
        plant.step()
        assert st.read("fault") is False
    assert st.served == 2 and st.trips == 0


def test_a_trip_during_the_work_sends_the_arm_home_and_keeps_the_request_up():
    # arm-in 0.4 s + work 1.0 s: point 0.5 is 0.7 s into the service, 0.3 s into the work
    plant, st = station(trip_request=1, trip_point=0.5, trip_reset_s=3.0)
    seconds(plant, 0.05)
    st.write("grant", True)
    seconds(plant, 0.65)
    assert st.read("fault") is False and st.phase == "working"
    seconds(plant, 0.1)
    assert st.read("fault") is True and st.phase == "faulted" and st.trips == 1
    assert st.read("request") is True and st.read("arm_inside") is True
    seconds(plant, 0.45)                     # the arm goes home at its own speed
    assert st.read("arm_home") is True and st.read("request") is True
    assert st.served == 0 and st.aborts == 0
    seconds(plant, 2.0)                      # grant still on: ignored while faulted
    assert st.read("arm_home") is True and st.read("fault") is True


def test_once_reset_the_station_answers_a_grant_left_on_at_once():
    plant, st = station(trip_request=1, trip_point=0.5, trip_reset_s=3.0)
    seconds(plant, 0.05)
    st.write("grant", True)
    seconds(plant, 0.75)
    tripped = st.tripped_at
    assert tripped == pytest.approx(0.75, abs=0.011)
    seconds(plant, 2.9)
    assert st.read("fault") is True
    seconds(plant, 0.15)
    assert st.read("fault") is False
    seconds(plant, 0.05)
    assert st.read("arm_inside") is True      # the grant was still on: it reaches in again
    seconds(plant, 0.4 + 1.0 + 0.05)
    assert st.served == 1 and st.read("request") is False


def test_a_trip_at_point_zero_comes_on_the_grant_before_the_arm_moves():
    plant, st = station(trip_request=1, trip_point=0.0, trip_reset_s=2.0)
    seconds(plant, 0.05)
    st.write("grant", True)
    seconds(plant, 0.02)
    assert st.read("fault") is True and st.read("arm_home") is True and st.read("request") is True
    seconds(plant, 1.5)
    assert st.read("arm_home") is True       # the grant does nothing while faulted
    st.write("grant", False)
    seconds(plant, 0.6)
    assert st.read("fault") is False and st.phase == "waiting" and st.read("arm_home") is True
    st.write("grant", True)
    seconds(plant, 0.05)
    assert st.read("arm_inside") is True


def test_the_trip_hits_only_the_named_request_and_only_once():
    plant, st = station(requests=(0.0, 0.0, 0.0), trip_request=2, trip_point=0.2, trip_reset_s=2.0,
                        work_s=0.5, arm_time_s=0.2, regap_s=0.3)
    seconds(plant, 0.05)
    st.write("grant", True)
    faults = []
    for _ in range(1000):
        plant.step()
        faults.append(st.read("fault"))
        if st.served == 3:
            break
    assert st.served == 3 and st.trips == 1
    assert st.tripped_at > st.waits[0]        # after the first service, during the second
    assert sum(faults) == pytest.approx(200, abs=2)   # the fault lamp is on for the 2 s reset


def test_a_grant_taken_away_while_faulted_is_no_abort_and_the_request_waits_from_the_trip():
    plant, st = station(trip_request=1, trip_point=0.3, trip_reset_s=2.0)
    seconds(plant, 1.0)
    st.write("grant", True)
    seconds(plant, 0.5)
    assert st.read("fault") is True
    st.write("grant", False)
    seconds(plant, 0.3)
    assert st.aborts == 0 and st.waited() == pytest.approx(0.3 + 0.5 - 0.42, abs=0.02)
    assert st.state()["fault"] is True
