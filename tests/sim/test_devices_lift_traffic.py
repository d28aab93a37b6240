"""LiftTraffic alone: hall and car button presses, boarding by the direction lamp, the door eye,
leaving at the destination, the overload step-out, the service switch, pressing again."""

from __future__ import annotations

from sim.devices.axis import Axis
from sim.devices.lift_traffic import LiftTraffic
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant

SCAN = 0.01
FLOORS = (0.0, 800.0, 1600.0)


def make(passengers, *, start_mm=0.0, door_open=True, out_s=None, rated_kg=400.0, transfer_s=0.5):
    plant = Plant(seed=1, substeps=1)
    car = plant.add(
        Axis(
            "car_1",
            start_mm=start_mm,
            limit_minus_mm=-20.0,
            limit_plus_mm=1700.0,
            rail_max_mm=1700.0,
            angle_deg=90.0,
        )
    )
    door = plant.add(
        Cylinder("door_1", 0.0, 0.0, stroke=300.0, extend_s=0.5, retract_s=0.5, start_extended=door_open)
    )
    traffic = plant.add(
        LiftTraffic(
            "traffic",
            cars=("car_1",),
            doors=("door_1",),
            floors_mm=FLOORS,
            passengers=passengers,
            transfer_s=transfer_s,
            gap_s=0.4,
            rated_kg=rated_kg,
            press_s=0.3,
            hesitate_s=1.0,
            out_s=(out_s,),
        )
    )
    door.write("extend", door_open)
    return plant, car, door, traffic


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_an_arriving_passenger_presses_his_hall_button_for_the_press_time():
    plant, _, _, traffic = make([(0.5, 1, 3, 80.0)], door_open=False)
    run(plant, 0.49)
    assert not traffic.read("hall_up_1")
    run(plant, 0.02)
    assert traffic.read("hall_up_1") and not traffic.read("hall_down_2")
    run(plant, 0.3)
    assert not traffic.read("hall_up_1")
    assert traffic.waiting()[0].number == 1


def test_nobody_boards_without_the_lamp_of_his_way():
    plant, _, _, traffic = make([(0.0, 1, 3, 80.0)])
    run(plant, 2.0)
    assert traffic.waiting() and not traffic.read("eye_1")
    traffic.write("lamp_up_1", True)
    traffic.write("lamp_down_1", True)  # both lamps: no way shown
    run(plant, 1.0)
    assert traffic.waiting()
    traffic.write("lamp_down_1", False)
    run(plant, 0.45)  # the gap, then he steps in
    assert traffic.read("eye_1")
    for _ in range(60):
        plant.step(SCAN)
        if not traffic.read("eye_1"):
            break
    assert not traffic.read("eye_1")
    assert traffic.read("load_1") == 80 and traffic.read("call_1_3")
    assert [p.number for p in traffic.riders(1)] == [1]


def test_a_rider_leaves_at_his_floor_only_with_the_door_fully_open():
    plant, car, door, traffic = make([(0.0, 1, 2, 80.0)])
    traffic.write("lamp_up_1", True)
    run(plant, 1.5)
    assert traffic.riders(1)
    door.write("extend", False)
    run(plant, 0.6)
    car.write("enable", True)
    car.write("target", 8000)
    run(plant, 0.05)
    car.write("start", True)
    run(plant, 8.0)
    assert abs(car.pos - 800.0) < 0.5 and traffic.floor_of(1) == 2
    assert traffic.riders(1) and not traffic.delivered
    door.write("extend", True)
    run(plant, 0.5 + 0.4 + 0.55)
    assert traffic.delivered == [1] and traffic.read("load_1") == 0


def test_the_last_one_in_steps_out_of_an_overloaded_car_and_nobody_else_boards():
    people = [(0.0, 1, 3, 100.0), (0.1, 1, 3, 100.0), (0.2, 1, 2, 100.0)]
    plant, _, door, traffic = make(people, rated_kg=150.0)
    traffic.write("lamp_up_1", True)
    run(plant, 0.4 + 0.5 + 0.4 + 0.5 + 0.05)
    assert traffic.overloaded(1) and traffic.read("load_1") == 200
    run(plant, 0.9)  # overloaded under hesitate_s: nobody moves
    assert not traffic.read("eye_1")
    run(plant, 0.2)
    assert traffic.read("eye_1")  # the last one steps out
    run(plant, 0.6)
    assert traffic.read("load_1") == 100 and [p.number for p in traffic.riders(1)] == [1]
    run(plant, 2.0)  # full at this stop: neither he nor the third boards
    assert sorted(p.number for p in traffic.waiting()) == [2, 3]
    door.write("extend", False)
    run(plant, 0.7)
    assert traffic.read("hall_up_1")  # the door shut without them: they press again
    assert traffic.waiting()[0].refused == 0


def test_a_car_out_of_service_takes_no_one():
    plant, _, _, traffic = make([(0.0, 1, 3, 80.0)], out_s=0.5)
    assert traffic.read("in_service_1")
    run(plant, 0.6)
    assert not traffic.read("in_service_1")
    traffic.write("lamp_up_1", True)
    run(plant, 2.0)
    assert traffic.waiting()


def test_a_person_in_the_doorway_goes_on_through_a_closing_door_and_it_is_counted():
    plant, _, door, traffic = make([(0.0, 1, 3, 80.0)], transfer_s=1.0)
    traffic.write("lamp_up_1", True)
    run(plant, 0.5)
    assert traffic.read("eye_1")
    door.write("extend", False)
    run(plant, 1.0)
    assert traffic.hit[0] > 0 and traffic.riders(1)


def test_people_pass_only_with_the_car_levelled_at_their_floor():
    plant, _, _, traffic = make([(0.0, 1, 3, 80.0)], start_mm=5.0)
    traffic.write("lamp_up_1", True)
    run(plant, 2.0)
    assert traffic.floor_of(1) is None and traffic.waiting()


def test_moves_counts_each_change_of_a_passengers_state_and_at_floor_follows_the_car():
    plant, car, door, traffic = make([(0.0, 1, 2, 80.0), (5.0, 2, 1, 70.0)])
    assert traffic.moves == 0
    plant.step(SCAN)
    assert traffic.moves == 1 and traffic.at_floor == [1]  # the first arrives (waiting)
    traffic.write("lamp_up_1", True)
    run(plant, 1.5)
    assert traffic.moves == 3 and traffic.riders(1)[0].state == "riding"  # boarding, riding
    door.write("extend", False)
    run(plant, 0.6)
    car.write("enable", True)
    car.write("target", 8000)
    run(plant, 0.05)
    car.write("start", True)
    plant.step(SCAN)
    run(plant, 0.5)
    assert traffic.at_floor == [None]  # travelling
    run(plant, 7.5)
    assert traffic.at_floor == [2] == [traffic.floor_of(1)]
    assert traffic.moves == 4  # the second has come meanwhile
