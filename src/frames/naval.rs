//! The naval move (§16.1) as a sequence of decisions, its CP paid when it
//! starts: choose a location with ships that have not moved, add naval
//! leaders, then ships, choose the destination; again for other stacks until
//! `Done`. Each ship and leader moves at most one step per naval move. The
//! rules themselves are in `rules::naval`; interception, avoiding battle
//! and the naval battles after `Done` are in `frames::naval_war`.

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{Game, LeaderLocation, NavalLocation};
use crate::rules::naval::{Fleet, can_sail_of, fleet_at, fleet_destinations_of, fleet_factions, naval_leaders_at};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, LeaderKind, MinorPower, NavalUnitKind, Power, Space};

/// The most ships one naval move tracks: every naval counter of a power and
/// of the minors it may have as allies (France: 5 + Genoa 1 + Venice 4 +
/// Scotland 1), with one spare.
const MAX_MOVED: usize = 12;

/// The ships and naval leaders that moved in this naval move: they may not
/// move again (§16.1, one step each). Compact, to keep `Frame` small: one
/// entry per ship, `[location code, ship code]`, compared only for equality.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct MovedShips {
    ships: [[u8; 2]; MAX_MOVED],
    len: u8,
    /// Bit i: the i-th naval leader of `Leader::ALL` moved.
    leaders: u8,
}

fn location_code(at: NavalLocation) -> u8 {
    at.place_index() as u8
}

fn ship_code(faction: Faction, kind: NavalUnitKind) -> u8 {
    (faction.index() * NavalUnitKind::COUNT + kind.index()) as u8
}

/// The naval leaders, in `Leader::ALL` order (bits of the leader masks).
fn naval_leaders() -> impl Iterator<Item = Leader> {
    Leader::ALL.into_iter().filter(|l| l.kind() == LeaderKind::Naval)
}

pub(crate) fn leader_bit(leader: Leader) -> u8 {
    naval_leaders().position(|l| l == leader).map_or(0, |i| 1 << i)
}

pub(crate) fn leader_set(mask: u8) -> EnumSet<Leader> {
    naval_leaders().filter(|&l| mask & leader_bit(l) != 0).collect()
}

impl MovedShips {
    /// Whether every entry names a real place, ship kind and naval leader,
    /// and the list fits (for `Game::validate`: a loaded game's record).
    pub(crate) fn fits(&self) -> bool {
        let places = Space::COUNT + crate::types::SeaZone::COUNT;
        let ships = Faction::COUNT * NavalUnitKind::COUNT;
        let leaders = naval_leaders().count();
        usize::from(self.len) <= MAX_MOVED
            && self.entries().iter().all(|&[at, ship]| usize::from(at) < places && usize::from(ship) < ships)
            && u32::from(self.leaders) >> leaders == 0
    }

    fn entries(&self) -> &[[u8; 2]] {
        &self.ships[..usize::from(self.len).min(MAX_MOVED)]
    }

    /// Ships of `faction` and `kind` that moved into `at`.
    pub(crate) fn count(&self, at: NavalLocation, faction: Faction, kind: NavalUnitKind) -> u8 {
        let entry = [location_code(at), ship_code(faction, kind)];
        self.entries().iter().filter(|&&e| e == entry).count() as u8
    }

    /// Where each ship moved to, as a place index (ports by space, then
    /// sea zones): one entry per ship.
    pub(crate) fn places(&self) -> impl Iterator<Item = usize> + '_ {
        self.entries().iter().map(|&[at, _]| usize::from(at))
    }

    /// The naval leaders that moved.
    pub(crate) fn leaders(&self) -> EnumSet<Leader> {
        leader_set(self.leaders)
    }

    /// Room for this many more ships.
    fn room(&self) -> u8 {
        (MAX_MOVED - self.entries().len()) as u8
    }

    pub(crate) fn record(&mut self, at: NavalLocation, faction: Faction, kind: NavalUnitKind, n: u8) {
        for _ in 0..n {
            let i = usize::from(self.len);
            if i < MAX_MOVED {
                self.ships[i] = [location_code(at), ship_code(faction, kind)];
                self.len += 1;
            }
        }
    }
}

impl Game {
    /// The ships of `power` and its active minor allies at `at` that have
    /// not moved in this naval move.
    fn unmoved_fleet(&self, power: Power, at: NavalLocation, moved: &MovedShips) -> Fleet {
        let mut fleet = fleet_at(self, power, at);
        let own = Faction::from(power);
        fleet.own.squadrons -= moved.count(at, own, NavalUnitKind::Squadron).min(fleet.own.squadrons);
        fleet.own.corsairs -= moved.count(at, own, NavalUnitKind::Corsair).min(fleet.own.corsairs);
        for minor in MinorPower::ALL {
            let n = &mut fleet.allied[minor.index()];
            *n -= moved.count(at, Faction::from(minor), NavalUnitKind::Squadron).min(*n);
        }
        fleet
    }

    /// The ships of `power` and its active minor allies at `at` that did
    /// not lose a naval battle this impulse (§16.1).
    pub(crate) fn unbeaten_fleet(&self, power: Power, at: NavalLocation) -> Fleet {
        self.unmoved_fleet(power, at, &self.naval_beaten)
    }

    /// The naval leaders at `at` free to move.
    fn unmoved_leaders(&self, power: Power, at: NavalLocation, moved: &MovedShips) -> EnumSet<Leader> {
        naval_leaders_at(self, power, at).difference(leader_set(moved.leaders))
    }

    /// Locations with ships that can still make their step.
    fn naval_origins(&self, power: Power, moved: &MovedShips) -> SmallLocations {
        let factions = fleet_factions(self, power);
        let mut origins = SmallLocations::new();
        for (at, faction, _) in self.naval_stacks() {
            if !factions.contains(faction) || origins.contains(&at) {
                continue;
            }
            let available = self.unmoved_fleet(power, at, moved);
            if can_sail_of(self, power, factions, at, &available, self.unmoved_leaders(power, at, moved)) {
                origins.push(at);
            }
        }
        origins
    }

    pub(crate) fn naval_move_actions(
        &self,
        power: Power,
        from: Option<NavalLocation>,
        fleet: Fleet,
        leaders: u8,
        moved: MovedShips,
        list: &mut ActionList,
    ) {
        let Some(from) = from else {
            list.push(Action::Done);
            if moved.room() > 0 {
                for at in self.naval_origins(power, &moved) {
                    list.push(match at {
                        NavalLocation::Port(space) => Action::NavalFromPort(space),
                        NavalLocation::Sea(zone) => Action::NavalFromSea(zone),
                    });
                }
            }
            return;
        };
        let chosen = leader_set(leaders);
        let available = self.unmoved_fleet(power, from, &moved);
        // The power's fleet factions, worked out once for the listing.
        let factions = fleet_factions(self, power);
        // Leaders first, then ships; each addition keeps a destination open.
        if fleet.is_empty() {
            for leader in self.unmoved_leaders(power, from, &moved).difference(chosen) {
                let mut with = chosen;
                with.insert(leader);
                if can_sail_of(self, power, factions, from, &available, with) {
                    list.push(Action::AddLeader(leader));
                }
            }
        }
        if fleet.total() < moved.room() {
            let own = [
                (NavalUnitKind::Squadron, available.own.squadrons, fleet.own.squadrons),
                (NavalUnitKind::Corsair, available.own.corsairs, fleet.own.corsairs),
            ];
            for (kind, have, taken) in own {
                let more = with_ship(fleet, Ship::Own(kind));
                if taken < have && !fleet_destinations_of(self, power, factions, from, &more, chosen).is_empty() {
                    list.push(Action::AddShip(kind));
                }
            }
            for minor in MinorPower::ALL {
                let more = with_ship(fleet, Ship::Allied(minor));
                if fleet.allied[minor.index()] < available.allied[minor.index()]
                    && !fleet_destinations_of(self, power, factions, from, &more, chosen).is_empty()
                {
                    list.push(Action::AddAlliedSquadron(minor));
                }
            }
        }
        for to in fleet_destinations_of(self, power, factions, from, &fleet, chosen) {
            list.push(match to {
                NavalLocation::Port(space) => Action::NavalToPort(space),
                NavalLocation::Sea(zone) => Action::NavalToSea(zone),
            });
        }
        // Never reached by the checks above; a way out rather than a stall.
        if list.is_empty() {
            list.push(Action::Done);
        }
    }

    pub(crate) fn apply_naval_move(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::NavalMove { from, fleet, leaders, .. }) = self.stack.top_mut() else {
            return;
        };
        match action {
            Action::NavalFromPort(space) => *from = Some(NavalLocation::Port(space)),
            Action::NavalFromSea(zone) => *from = Some(NavalLocation::Sea(zone)),
            Action::AddLeader(leader) => *leaders |= leader_bit(leader),
            Action::AddShip(NavalUnitKind::Squadron) => fleet.own.squadrons += 1,
            Action::AddShip(NavalUnitKind::Corsair) => fleet.own.corsairs += 1,
            Action::AddAlliedSquadron(minor) => fleet.allied[minor.index()] += 1,
            Action::NavalToPort(space) => self.sail(power, NavalLocation::Port(space), log),
            Action::NavalToSea(zone) => self.sail(power, NavalLocation::Sea(zone), log),
            Action::Done => {
                let Some(Frame::NavalMove { moved, .. }) = self.stack.pop() else {
                    return;
                };
                let arrived = self.just_arrived(power, &moved);
                self.begin_naval_combat(power, arrived, log);
            }
            _ => {}
        }
    }

    /// The sea zones where every ship of `power`'s side moved in during this
    /// naval move: they entered a zone holding no friendly ships and are
    /// "just arrived" (§16.1 step 2). Friendly ships are those of the power,
    /// its active minor allies and its allied powers.
    fn just_arrived(&self, power: Power, moved: &MovedShips) -> EnumSet<crate::types::SeaZone> {
        let own = fleet_factions(self, power);
        let mut zones = EnumSet::EMPTY;
        for zone in crate::types::SeaZone::ALL {
            let at = NavalLocation::Sea(zone);
            let arrived =
                |f: Faction, kind| moved.count(at, f, kind).saturating_sub(self.naval_beaten.count(at, f, kind));
            let mut any = false;
            let mut all = true;
            for (l, f, units) in self.naval_stacks() {
                if l != at || units.total() == 0 {
                    continue;
                }
                if own.contains(f) {
                    let squadrons = arrived(f, NavalUnitKind::Squadron);
                    let corsairs = arrived(f, NavalUnitKind::Corsair);
                    any |= squadrons + corsairs > 0;
                    all &= squadrons >= units.squadrons && corsairs >= units.corsairs;
                } else if self.is_friendly(power, crate::rules::naval_war::side_of(self, f)) {
                    all = false;
                }
            }
            if any && all {
                zones.insert(zone);
            }
        }
        zones
    }

    /// Moves the fleet being formed to `to` and records its ships and
    /// leaders as moved.
    fn sail(&mut self, power: Power, to: NavalLocation, log: &mut dyn Log) {
        let Some(&Frame::NavalMove { from: Some(from), fleet, leaders, mut moved, .. }) = self.stack.top() else {
            return;
        };
        for (faction, units) in fleet.by_faction(power) {
            // Legal-action checks guarantee the ships are there.
            self.transfer_ships(faction, from, to, units);
            moved.record(to, faction, NavalUnitKind::Squadron, units.squadrons);
            moved.record(to, faction, NavalUnitKind::Corsair, units.corsairs);
            log.event(Event::ShipsMoved { faction, from, to, units });
        }
        for leader in leader_set(leaders) {
            self.leaders[leader.index()] = match to {
                NavalLocation::Port(space) => LeaderLocation::Space(space),
                NavalLocation::Sea(zone) => LeaderLocation::Sea(zone),
            };
            moved.leaders |= leader_bit(leader);
            log.event(Event::NavalLeaderMoved { leader, from, to });
        }
        if let Some(Frame::NavalMove { from, fleet, leaders, moved: m, .. }) = self.stack.top_mut() {
            *from = None;
            *fleet = Fleet::NONE;
            *leaders = 0;
            *m = moved;
        }
    }

    /// Starts a naval move for `power` (§16.1): its CP are paid from the
    /// `Spend` frame first, so one bought with the last CP still happens.
    pub(crate) fn begin_naval_move(&mut self, power: Power) {
        self.pay(crate::rules::naval::NAVAL_MOVE_COST);
        // Ships that lost a naval battle this impulse count as moved (§16.1).
        self.stack.push(Frame::NavalMove {
            power,
            from: None,
            fleet: Fleet::NONE,
            leaders: 0,
            moved: self.naval_beaten,
        });
    }

    /// Whether a naval move frame holds ships and leaders that are there.
    pub(crate) fn naval_frame_fits(
        &self,
        power: Power,
        from: Option<NavalLocation>,
        fleet: Fleet,
        leaders: u8,
    ) -> bool {
        let Some(from) = from else {
            return fleet.is_empty() && leaders == 0;
        };
        let here = fleet_at(self, power, from);
        fleet.own.squadrons <= here.own.squadrons
            && fleet.own.corsairs <= here.own.corsairs
            && fleet.allied.iter().zip(here.allied).all(|(&n, h)| n <= h)
            && leader_set(leaders).difference(naval_leaders_at(self, power, from)).is_empty()
    }
}

type SmallLocations = smallvec::SmallVec<[NavalLocation; 16]>;

/// One ship to add to a fleet.
#[derive(Clone, Copy)]
enum Ship {
    Own(NavalUnitKind),
    Allied(MinorPower),
}

fn with_ship(mut fleet: Fleet, ship: Ship) -> Fleet {
    match ship {
        Ship::Own(NavalUnitKind::Squadron) => fleet.own.squadrons += 1,
        Ship::Own(NavalUnitKind::Corsair) => fleet.own.corsairs += 1,
        Ship::Allied(minor) => fleet.allied[minor.index()] += 1,
    }
    fleet
}

impl Game {
    /// §12.2: `power` took control of the port `space`: the naval units of
    /// every other side there retreat at once to a sea zone adjacent to the
    /// port free of enemy naval units, as in step 9 of a naval battle
    /// (§16.2; their owner choosing where two are open), with their naval
    /// leaders; where no zone is open, or for an inactive minor's fleet
    /// (no power to move it), they are eliminated (§16.2 step 10). Run
    /// after the Control action's CP are paid: the choice goes on top.
    pub(crate) fn port_taken(&mut self, power: Power, space: Space, log: &mut dyn Log) {
        if !space.is_port() {
            return;
        }
        let at = NavalLocation::Port(space);
        let own = fleet_factions(self, power);
        let sides: EnumSet<Faction> = self
            .naval_stacks()
            .filter(|&(l, f, u)| l == at && u.total() > 0 && !own.contains(f))
            .map(|(_, f, _)| crate::rules::naval_war::side_of(self, f))
            .collect();
        for side in sides {
            let to = match side.major() {
                Some(owner) => crate::rules::naval_war::retreat_destinations(self, owner, at),
                None => crate::rules::naval_war::Locations::new(),
            };
            match (side.major(), to.first()) {
                (Some(owner), Some(&first)) if to.len() == 1 || !self.decides(owner) => {
                    self.retreat_side(owner, at, first, false, log)
                }
                (Some(owner), Some(_)) => {
                    self.stack.push(Frame::NavalRetreat { power: owner, from: at, beaten: false })
                }
                _ => {
                    for faction in crate::rules::naval_war::side_factions(self, side) {
                        let units = self.naval_units(at, faction);
                        if units.total() > 0 {
                            self.lose_ships(faction, at, units, log);
                        }
                    }
                    self.strand_naval_leaders(side, at, log);
                }
            }
        }
    }
}
