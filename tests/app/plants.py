"""A showroom plant with one device of every kind, for renderer tests and the FPS benchmark."""

from __future__ import annotations

from sim.devices.axis import Axis, ValueWord
from sim.devices.conveyor import Conveyor
from sim.devices.gripper import Gripper
from sim.devices.light_curtain import LightCurtain
from sim.devices.machine import MachiningCell, PartPlace
from sim.devices.panel import EmergencyStop, Lamp, PushButton, SelectorSwitch, StackLight, StopButton
from sim.devices.pneumatics import Pusher, Stopper
from sim.devices.robot import Robot, Station
from sim.devices.rotary import RotaryTable
from sim.devices.sensors import InspectionSensor, PhotoEye, ProximitySensor
from sim.devices.workpiece import Feeder, Workpiece
from sim.plant import Plant


def showroom() -> Plant:
    p = Plant(seed=3)
    belt = p.add(Conveyor("infeed", x=500, y=200, length=800, width=100, speed=150))
    p.add(PhotoEye.across(belt, "eye_start", at_mm=150))
    p.add(LightCurtain("curtain", 720, 120, 720, 280, label="exit curtain"))
    p.add(ProximitySensor("prox_metal", 650, 270, range_mm=30))
    p.add(InspectionSensor("camera", 450, 200))
    p.add(Pusher("pusher1", 600, 110, angle_deg=90))
    p.add(Stopper("stop1", 820, 110, angle_deg=90))
    p.add(Workpiece("part1", x=200, y=200, part_kind="A", colour="red"))
    p.add(Workpiece("part2", x=350, y=200, part_kind="B", colour="blue", material="plastic", shape="circle"))
    p.add(Feeder("magazine", 110, 200))
    p.add(Gripper("gripper", 1100, 200))
    p.add(Axis("slide", origin=(150, 500), rail_min_mm=-20, rail_max_mm=520, start_mm=120, label="slide X"))
    p.add(ValueWord("order", 250, position=(800, 520), label="ordered position", units="mm"))
    p.add(RotaryTable("table", center=(1150, 550), radius_mm=160, stations=6))
    places = [PartPlace("infeed_place", 1500, 100, label="infeed"),
              PartPlace("out_place", 1800, 100, label="out")]
    for pl in places:
        p.add(pl)
    cell = p.add(MachiningCell("cell", 1650, 550, width=300, depth=300))
    stations = [Station(1, "infeed", 1500, 100, places[0]), Station(2, "out", 1800, 100, places[1]),
                Station(3, "cell", 1650, 550, cell.fixture)]
    p.add(Robot("robot", stations, lane_y=300, start_station=1))
    p.add(PushButton("start", label="Start"))
    p.add(StopButton("stop", label="Stop"))
    p.add(EmergencyStop("estop"))
    p.add(SelectorSwitch("mode", ("Manual", "Auto")))
    p.add(Lamp("running_lamp", label="Running"))
    p.add(StackLight("tower"))
    return p
