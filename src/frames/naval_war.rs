//! The naval war after a naval move (§16.1 steps 4-7) and naval combat
//! (§16.2), as frames:
//!
//! - `NavalCombat`, automatic, drives the procedure: interception for each
//!   sea zone the active power's ships just arrived in (zones in map order,
//!   powers in impulse order), then avoiding battle, then the naval battles;
//! - `Interception`: an enemy power tries with one adjacent stack at a time;
//! - `AvoidBattle`: an enemy power's ships in such a zone may try to leave;
//! - `BattleOrder`: the active power picks the next battle, or the next
//!   enemy where several are;
//! - `CombatCards`: the attacker's, then the defender's combat-card window,
//!   and the Ottoman's Janissaries window after the roll
//!   (`frames::combat_cards`);
//! - `NavalLosses`: the owner of a side of several factions picks whose
//!   squadrons sink;
//! - `NavalRetreat`: the side that must leave picks where.
//!
//! Pure rules are in `rules::naval_war`. Every roll is reported in an event.

use crate::action::Action;
use crate::dice::Dice;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::naval::{leader_bit, leader_set};
use crate::frames::responses::Moment;
use crate::game::{Game, LeaderLocation, NavalLocation, NavalUnits};
use crate::rules::naval::{Fleet, fleet_at, leader_may_enter, may_enter, naval_leaders_at, neighbours};
use crate::rules::naval_war::{
    self, NAVAL_ROLL_TARGET, battle_sites, best_battle_rating, enemy_sides_at, interception_stacks,
    retreat_destinations, side_factions, side_leaders, side_units,
};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, MinorPower, NavalUnitKind, Phase, Power, SeaZone};

/// Where the naval war after a naval move stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub(crate) enum CombatStage {
    /// Interception into `zone` and later zones; `next`: the index (impulse
    /// order) of the next power to offer it to.
    Intercept { zone: SeaZone, next: u8 },
    /// Avoiding battle in `zone` and later zones, as above.
    Avoid { zone: SeaZone, next: u8 },
    /// The naval battles; `at`: where the last one was fought, where the
    /// active power goes on fighting other enemies.
    Battles { at: Option<NavalLocation> },
    /// One naval battle against `enemy` at `at`, at `step`.
    Battle { at: NavalLocation, enemy: Faction, step: BattleStep },
}

/// The steps of one naval battle (§16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub(crate) enum BattleStep {
    /// Step 3: the attacker's combat cards.
    AttackerCards,
    /// Step 4: the defender's combat cards.
    DefenderCards,
    /// Step 5: the roll, then the Janissaries window (step 6).
    Roll,
    /// Steps 7-8: the winner and the losses.
    Resolve,
    /// Steps 9-10, after the losses are taken: leaders and retreat;
    /// `both_retreat`: equal hits in an immediate battle after a
    /// declaration of war (§9.6), after which the defender leaves too.
    Aftermath {
        attacker_won: bool,
        #[cfg_attr(feature = "serde", serde(default))]
        both_retreat: bool,
    },
    /// An immediate battle's equal hits (§9.6): the defender leaves in
    /// turn, after the attacker.
    DefenderRetreat,
}

/// The first sea zone, where the passes over the zones start.
const FIRST_ZONE: SeaZone = SeaZone::ALL[0];

impl Game {
    /// Whether someone decides for `power`: it takes impulses, or a
    /// two-player invader is commanded by a player
    /// (`rules::two_player::seat`); the others' choices are made for them
    /// by fixed rules (their ships never intercept or avoid battle).
    pub(crate) fn decides(&self, power: Power) -> bool {
        crate::rules::two_player::seat(self, power).is_some()
    }

    /// After `power`'s naval move (§16.1 steps 4-7): interception into the
    /// zones in `arrived`, avoiding battle, then the naval battles.
    pub(crate) fn begin_naval_combat(&mut self, power: Power, arrived: EnumSet<SeaZone>, log: &mut dyn Log) {
        self.stack.push(Frame::NavalCombat {
            power,
            arrived,
            intercepted: EnumSet::EMPTY,
            stage: CombatStage::Intercept { zone: FIRST_ZONE, next: 0 },
            declared: false,
        });
        self.run_naval_combat(log);
    }

    /// After `declarer` declared war in an impulse (#40, #3; §9.6 "DOW
    /// during the Action Phase"): an immediate naval battle in every sea
    /// zone where its ships and an enemy's now lie together, the declarer
    /// attacking (no interception, no avoiding battle); on equal hits both
    /// sides leave (docs/rulings.md CA5).
    pub(crate) fn begin_declared_naval_battles(&mut self, declarer: Power, log: &mut dyn Log) {
        if self.naval_battle_sites(declarer, true).is_empty() {
            return;
        }
        self.stack.push(Frame::NavalCombat {
            power: declarer,
            arrived: EnumSet::EMPTY,
            intercepted: EnumSet::EMPTY,
            stage: CombatStage::Battles { at: None },
            declared: true,
        });
        self.run_naval_combat(log);
    }

    /// §9.6 "DOW during the Action Phase" after wars begun by others than
    /// one declarer (free declarations at a card's activation of a minor,
    /// an intervention after #3; ruling AL8): an immediate naval battle
    /// wherever ships of powers now at war lie in one sea zone, each power
    /// with such ships attacking in turn, in impulse order.
    pub(crate) fn begin_new_war_naval_battles(&mut self, log: &mut dyn Log) {
        if self.push_next_declared_battles() {
            self.run_naval_combat(log);
        }
    }

    /// The immediate naval battles of a war Hungary-Bohemia's defeat began
    /// during a land battle (§22.5, §9.6; ruling AL8), once that battle's
    /// procedure is over and the impulse's CP (or nothing) is on top.
    pub(crate) fn fight_new_war_at_sea(&mut self, log: &mut dyn Log) {
        if self.naval_war_may_start() {
            self.war.new_war_at_sea = false;
            self.begin_new_war_naval_battles(log);
        }
    }

    /// Whether a naval war may start now: in the action phase, on the
    /// impulse's CP or alone (the frame grammar's place for `NavalCombat`).
    fn naval_war_may_start(&self) -> bool {
        self.phase == Phase::Action && matches!(self.stack.top(), None | Some(Frame::Spend { .. }))
    }

    /// Pushes the immediate battles of the first power (impulse order)
    /// whose ships lie at sea beside an enemy's, if a naval war may start
    /// now. Returns whether it pushed.
    fn push_next_declared_battles(&mut self) -> bool {
        if !self.naval_war_may_start() {
            return false;
        }
        let Some(power) = Power::ALL.into_iter().find(|&p| !self.naval_battle_sites(p, true).is_empty()) else {
            return false;
        };
        self.stack.push(Frame::NavalCombat {
            power,
            arrived: EnumSet::EMPTY,
            intercepted: EnumSet::EMPTY,
            stage: CombatStage::Battles { at: None },
            declared: true,
        });
        true
    }

    /// Where `power` must fight now ([`battle_sites`]); after a
    /// declaration (`declared`), the sea zones only.
    fn naval_battle_sites(&self, power: Power, declared: bool) -> naval_war::Locations {
        let mut sites = battle_sites(self, power);
        if declared {
            sites.retain(|at| matches!(at, NavalLocation::Sea(_)));
        }
        sites
    }

    fn set_combat_stage(&mut self, new: CombatStage) {
        if let Some(Frame::NavalCombat { stage, .. }) = self.stack.top_mut() {
            *stage = new;
        }
    }

    /// Runs the automatic steps of the `NavalCombat` frame on top until a
    /// decision is pushed or the procedure ends.
    pub(crate) fn run_naval_combat(&mut self, log: &mut dyn Log) {
        // Every step pushes a decision, pops the frame, or moves the stage
        // on; the battles remove a side from a place each. The bound is a
        // guard against a stall, never reached.
        for _ in 0..1000 {
            let Some(&Frame::NavalCombat { power, arrived, intercepted, stage, declared }) = self.stack.top() else {
                return;
            };
            match stage {
                CombatStage::Intercept { zone, next } => {
                    self.interception_step(power, arrived, intercepted, zone, next)
                }
                CombatStage::Avoid { zone, next } => self.avoid_step(power, arrived, intercepted, zone, next),
                CombatStage::Battles { at } => self.battles_step(power, at, declared),
                CombatStage::Battle { at, enemy, step } => self.battle_step(power, at, enemy, step, declared, log),
            }
        }
    }

    /// The next power that may intercept into a just-arrived zone, from
    /// `zone` and the power of index `next` on (§16.1 step 4).
    fn interception_step(
        &mut self,
        power: Power,
        arrived: EnumSet<SeaZone>,
        intercepted: EnumSet<SeaZone>,
        zone: SeaZone,
        next: u8,
    ) {
        for z in SeaZone::ALL.into_iter().skip(zone.index()) {
            if !arrived.contains(z) || intercepted.contains(z) {
                continue;
            }
            let start = if z == zone { usize::from(next) } else { 0 };
            for p in Power::ALL.into_iter().skip(start) {
                if self.decides(p) && !interception_stacks(self, power, p, z).is_empty() {
                    self.set_combat_stage(CombatStage::Intercept { zone: z, next: p.index() as u8 + 1 });
                    self.stack.push(Frame::Interception {
                        power: p,
                        active: power,
                        zone: z,
                        from: None,
                        fleet: Fleet::NONE,
                        leaders: 0,
                        tried: 0,
                        succeeded: false,
                    });
                    return;
                }
            }
        }
        self.set_combat_stage(CombatStage::Avoid { zone: FIRST_ZONE, next: 0 });
    }

    /// The next enemy power that may avoid battle in a just-arrived zone
    /// where no interception succeeded (§16.1 step 5).
    fn avoid_step(
        &mut self,
        power: Power,
        arrived: EnumSet<SeaZone>,
        intercepted: EnumSet<SeaZone>,
        zone: SeaZone,
        next: u8,
    ) {
        for z in SeaZone::ALL.into_iter().skip(zone.index()) {
            let at = NavalLocation::Sea(z);
            if !arrived.contains(z) || intercepted.contains(z) || side_units(self, power.into(), at).total() == 0 {
                continue;
            }
            let start = if z == zone { usize::from(next) } else { 0 };
            for p in Power::ALL.into_iter().skip(start) {
                let may = self.at_war(power, p)
                    && self.decides(p)
                    && side_units(self, p.into(), at).total() > 0
                    && !retreat_destinations(self, p, at).is_empty();
                if may {
                    self.set_combat_stage(CombatStage::Avoid { zone: z, next: p.index() as u8 + 1 });
                    self.stack.push(Frame::AvoidBattle { power: p, zone: z });
                    return;
                }
            }
        }
        self.set_combat_stage(CombatStage::Battles { at: None });
    }

    /// The next naval battle (§16.1 step 7): against another enemy where
    /// the last one was fought, else at a place the active power picks.
    fn battles_step(&mut self, power: Power, at: Option<NavalLocation>, declared: bool) {
        if let Some(at) = at {
            let enemies = enemy_sides_at(self, power, at);
            match enemies.as_slice() {
                [] => {}
                &[enemy] => {
                    self.set_combat_stage(CombatStage::Battle { at, enemy, step: BattleStep::AttackerCards });
                    return;
                }
                _ => {
                    self.stack.push(Frame::BattleOrder { power, at: Some(at) });
                    return;
                }
            }
        }
        let sites = self.naval_battle_sites(power, declared);
        match sites.as_slice() {
            [] => {
                self.stack.pop();
                // Several wars begun at once: the next power's battles
                // follow (ruling AL8).
                if declared {
                    self.push_next_declared_battles();
                }
            }
            &[site] => self.set_combat_stage(CombatStage::Battles { at: Some(site) }),
            _ => self.stack.push(Frame::BattleOrder { power, at: None }),
        }
    }

    fn battle_step(
        &mut self,
        power: Power,
        at: NavalLocation,
        enemy: Faction,
        step: BattleStep,
        declared: bool,
        log: &mut dyn Log,
    ) {
        let next = |step| CombatStage::Battle { at, enemy, step };
        match step {
            BattleStep::AttackerCards => {
                self.war.cards = Default::default();
                self.set_combat_stage(next(BattleStep::DefenderCards));
                self.stack.push(Frame::CombatCards { power, at, remaining: EnumSet::EMPTY });
            }
            BattleStep::DefenderCards => {
                self.set_combat_stage(next(BattleStep::Roll));
                if let Some(defender) = enemy.major().filter(|&p| self.decides(p)) {
                    self.stack.push(Frame::CombatCards { power: defender, at, remaining: EnumSet::EMPTY });
                }
            }
            BattleStep::Roll => self.roll_naval_battle(power, at, enemy),
            BattleStep::Resolve => self.fight_naval_battle(power, at, enemy, declared, log),
            BattleStep::Aftermath { attacker_won, both_retreat } => {
                let then = if both_retreat {
                    next(BattleStep::DefenderRetreat)
                } else {
                    CombatStage::Battles { at: Some(at) }
                };
                self.set_combat_stage(then);
                self.naval_battle_aftermath(power, at, enemy, attacker_won, both_retreat, log);
            }
            BattleStep::DefenderRetreat => {
                self.set_combat_stage(CombatStage::Battles { at: Some(at) });
                self.leave_naval_battle(enemy, at, false, log);
            }
        }
    }

    /// §16.2 steps 1-2 and 5: the dice (with the combat cards') and the
    /// roll; then the Ottoman's Janissaries window (step 6) if it fights
    /// here and holds the card.
    fn roll_naval_battle(&mut self, power: Power, at: NavalLocation, enemy: Faction) {
        let attacker = Faction::from(power);
        let base = [naval_war::battle_dice(self, attacker, at, false), naval_war::battle_dice(self, enemy, at, true)];
        for (side, &base) in base.iter().enumerate() {
            let n = self.war.cards.main_dice(side, base);
            self.war.cards.rolled[side] = self.roll_dice(n);
        }
        self.set_combat_stage(CombatStage::Battle { at, enemy, step: BattleStep::Resolve });
        self.open_after_roll_window(|power, remaining| Frame::CombatCards { power, at, remaining });
    }

    /// §16.2 steps 7-8: the winner, the losses.
    fn fight_naval_battle(
        &mut self,
        power: Power,
        at: NavalLocation,
        enemy: Faction,
        declared: bool,
        log: &mut dyn Log,
    ) {
        let attacker = Faction::from(power);
        let units = [side_units(self, attacker, at), side_units(self, enemy, at)];
        let c = self.war.cards;
        let dice = [c.dice(0), c.dice(1)];
        let (attacker_dice, defender_dice) = (c.rolled[0], c.rolled[1]);
        let hits = [c.hits(0), c.hits(1)];
        let attacker_won = hits[0] > hits[1];
        let (lost_attacker, lost_defender) = naval_war::battle_losses(units[0], units[1], dice, hits);
        let winner = if attacker_won { attacker } else { enemy };
        log.event(Event::NavalBattle { at, attacker: power, defender: enemy, attacker_dice, defender_dice, winner });
        // §9.6: after a declaration, equal hits in a sea zone send both away.
        let both_retreat = declared && hits[0] == hits[1] && matches!(at, NavalLocation::Sea(_));
        let step = BattleStep::Aftermath { attacker_won, both_retreat };
        self.set_combat_stage(CombatStage::Battle { at, enemy, step });
        // The defender's choice waits under the attacker's.
        self.take_naval_losses(enemy, at, lost_defender, log);
        self.take_naval_losses(attacker, at, lost_attacker, log);
    }

    /// The side `side` loses `lost` at `at` (§16.2 step 8): corsairs are the
    /// Ottoman's own; squadrons come from its one faction with squadrons
    /// there, or its owner picks (a `NavalLosses` decision).
    fn take_naval_losses(&mut self, side: Faction, at: NavalLocation, lost: NavalUnits, log: &mut dyn Log) {
        if lost.corsairs > 0 {
            self.lose_ships(Faction::Ottoman, at, NavalUnits { squadrons: 0, corsairs: lost.corsairs }, log);
        }
        let with_squadrons: EnumSet<Faction> =
            side_factions(self, side).iter().filter(|&f| self.naval_units(at, f).squadrons > 0).collect();
        let total = side_units(self, side, at).squadrons;
        let owner = side.major().filter(|&p| self.decides(p));
        match owner {
            Some(power) if with_squadrons.len() > 1 && lost.squadrons > 0 && lost.squadrons < total => {
                self.stack.push(Frame::NavalLosses { power, at, squadrons: lost.squadrons });
            }
            _ => {
                // One faction, all squadrons, or nobody to choose: in faction order.
                let mut left = lost.squadrons;
                for f in with_squadrons {
                    let n = left.min(self.naval_units(at, f).squadrons);
                    if n > 0 {
                        self.lose_ships(f, at, NavalUnits::squadrons(n), log);
                    }
                    left -= n;
                }
            }
        }
    }

    /// `faction` loses `units` at `at` to the turn track (§5.3, §16.2 step 10).
    pub(crate) fn lose_ships(&mut self, faction: Faction, at: NavalLocation, units: NavalUnits, log: &mut dyn Log) {
        let here = self.naval_units(at, faction);
        let units =
            NavalUnits { squadrons: units.squadrons.min(here.squadrons), corsairs: units.corsairs.min(here.corsairs) };
        if units.total() == 0 {
            return;
        }
        let left = NavalUnits { squadrons: here.squadrons - units.squadrons, corsairs: here.corsairs - units.corsairs };
        // Loaned squadrons go first, to their owners' track (§9.2, LN5).
        let mut lent = self.naval_stack_lent(at, faction);
        let lost_lent = crate::rules::loans::take_lent(&mut lent, units.squadrons);
        // Fewer ships on the map, as many more on the track: the counters still fit.
        let _ = self.set_naval_units(at, faction, left);
        let track = &mut self.naval_turn_track[faction.index()];
        track.squadrons = track.squadrons.saturating_add(units.squadrons);
        track.corsairs = track.corsairs.saturating_add(units.corsairs);
        self.lent_to_owners_track(faction, &lost_lent);
        log.event(Event::ShipsLost { faction, at, units });
    }

    /// The naval leaders of `side` at `at` go to the turn track if it has
    /// no ships left there (§16.2 step 10).
    pub(crate) fn strand_naval_leaders(&mut self, side: Faction, at: NavalLocation, log: &mut dyn Log) {
        if side_units(self, side, at).total() > 0 {
            return;
        }
        for leader in side_leaders(self, side, at) {
            self.leaders[leader.index()] = LeaderLocation::TurnTrack;
            log.event(Event::NavalLeaderLost { leader, at });
        }
    }

    /// §16.2 steps 9-10: the leaders of a side left without ships go to the
    /// turn track; then the attacker leaves a port, win or lose, or the
    /// loser leaves a sea zone; without a place to go its ships are lost.
    /// With `both_retreat` (§9.6) the attacker leaves first, unbeaten (the
    /// defender after it, `BattleStep::DefenderRetreat`).
    fn naval_battle_aftermath(
        &mut self,
        power: Power,
        at: NavalLocation,
        enemy: Faction,
        attacker_won: bool,
        both_retreat: bool,
        log: &mut dyn Log,
    ) {
        let attacker = Faction::from(power);
        self.strand_naval_leaders(attacker, at, log);
        self.strand_naval_leaders(enemy, at, log);
        let in_port = matches!(at, NavalLocation::Port(_));
        let (leaving, beaten) = match (in_port, attacker_won) {
            _ if both_retreat => (attacker, false),
            (true, won) => (attacker, !won),
            (false, true) => (enemy, false),
            (false, false) => (attacker, true),
        };
        self.leave_naval_battle(leaving, at, beaten, log);
    }

    /// The side `leaving` retreats from `at` after a naval battle (§16.2
    /// step 9), `beaten` if it lost; with no place to go its ships are lost.
    fn leave_naval_battle(&mut self, leaving: Faction, at: NavalLocation, beaten: bool, log: &mut dyn Log) {
        // An inactive minor never leaves (its fleet defends in port, §22.1).
        let Some(owner) = leaving.major() else { return };
        if side_units(self, leaving, at).total() == 0 {
            return;
        }
        let to = retreat_destinations(self, owner, at);
        match to.first() {
            None => {
                for faction in side_factions(self, leaving) {
                    let units = self.naval_units(at, faction);
                    self.lose_ships(faction, at, units, log);
                }
                self.strand_naval_leaders(leaving, at, log);
            }
            Some(&first) if !self.decides(owner) => self.retreat_side(owner, at, first, beaten, log),
            Some(_) => self.stack.push(Frame::NavalRetreat { power: owner, from: at, beaten }),
        }
    }

    /// Moves every ship and naval leader of `power`'s side at `from` to
    /// `to`, reporting each faction's ships with `event`.
    fn move_side(
        &mut self,
        power: Power,
        from: NavalLocation,
        to: NavalLocation,
        event: fn(Faction, NavalLocation, NavalLocation, NavalUnits) -> Event,
        log: &mut dyn Log,
    ) -> EnumSet<Faction> {
        let side = Faction::from(power);
        let leaders = side_leaders(self, side, from);
        let mut moved = EnumSet::EMPTY;
        for faction in side_factions(self, side) {
            let units = self.naval_units(from, faction);
            if units.total() > 0 {
                self.transfer_ships(faction, from, to, units);
                moved.insert(faction);
                log.event(event(faction, from, to, units));
            }
        }
        for leader in leaders {
            self.place_naval_leader(leader, to);
            log.event(Event::NavalLeaderMoved { leader, from, to });
        }
        moved
    }

    /// `power`'s side retreats from `from` to `to` (§16.2 step 9); if it
    /// lost, its ships may not move again this impulse (§16.1).
    pub(super) fn retreat_side(
        &mut self,
        power: Power,
        from: NavalLocation,
        to: NavalLocation,
        beaten: bool,
        log: &mut dyn Log,
    ) {
        let retreated = |faction, from, to, units| Event::ShipsRetreated { faction, from, to, units };
        let moved = self.move_side(power, from, to, retreated, log);
        if beaten {
            for faction in moved {
                let units = self.naval_units(to, faction);
                self.naval_beaten.record(to, faction, NavalUnitKind::Squadron, units.squadrons);
                self.naval_beaten.record(to, faction, NavalUnitKind::Corsair, units.corsairs);
            }
        }
    }

    /// Moves `units` of `faction` from `from` to `to` (loaned squadrons
    /// first, with their markers: `rules::loans`).
    pub(crate) fn transfer_ships(
        &mut self,
        faction: Faction,
        from: NavalLocation,
        to: NavalLocation,
        units: NavalUnits,
    ) {
        self.move_ships(faction, from, to, units);
    }

    fn place_naval_leader(&mut self, leader: Leader, to: NavalLocation) {
        self.leaders[leader.index()] = match to {
            NavalLocation::Port(space) => LeaderLocation::Space(space),
            NavalLocation::Sea(zone) => LeaderLocation::Sea(zone),
        };
    }

    // --- Interception (§16.1 step 4) -----------------------------------

    /// The stacks of `power` that may still try to intercept into `zone`.
    fn untried_interceptors(&self, power: Power, active: Power, zone: SeaZone, tried: u32) -> naval_war::Locations {
        let all = neighbours(NavalLocation::Sea(zone));
        let mut stacks = interception_stacks(self, active, power, zone);
        stacks.retain(|l| all.iter().position(|a| a == l).is_some_and(|i| tried & (1 << i) == 0));
        stacks
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn interception_actions(
        &self,
        power: Power,
        active: Power,
        zone: SeaZone,
        from: Option<NavalLocation>,
        fleet: Fleet,
        leaders: u8,
        tried: u32,
        list: &mut ActionList,
    ) {
        let Some(from) = from else {
            list.push(Action::Decline);
            for at in self.untried_interceptors(power, active, zone, tried) {
                list.push(match at {
                    NavalLocation::Port(space) => Action::NavalFromPort(space),
                    NavalLocation::Sea(z) => Action::NavalFromSea(z),
                });
            }
            return;
        };
        let to = NavalLocation::Sea(zone);
        let chosen = leader_set(leaders);
        let available = fleet_at(self, power, from);
        if fleet.is_empty() {
            for leader in naval_leaders_at(self, power, from).difference(chosen) {
                if leader_may_enter(leader, to) {
                    list.push(Action::AddLeader(leader));
                }
            }
        }
        let own = Faction::from(power);
        if may_enter(self, power, own, to) {
            if fleet.own.squadrons < available.own.squadrons {
                list.push(Action::AddShip(NavalUnitKind::Squadron));
            }
            if fleet.own.corsairs < available.own.corsairs {
                list.push(Action::AddShip(NavalUnitKind::Corsair));
            }
        }
        for minor in MinorPower::ALL {
            let i = minor.index();
            if fleet.allied[i] < available.allied[i] && may_enter(self, power, minor.into(), to) {
                list.push(Action::AddAlliedSquadron(minor));
            }
        }
        if !fleet.is_empty() {
            list.push(Action::NavalToSea(zone));
        }
    }

    pub(crate) fn apply_interception(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::Interception { from, fleet, leaders, .. }) = self.stack.top_mut() else {
            return;
        };
        match action {
            Action::NavalFromPort(space) => *from = Some(NavalLocation::Port(space)),
            Action::NavalFromSea(zone) => *from = Some(NavalLocation::Sea(zone)),
            Action::AddLeader(leader) => *leaders |= leader_bit(leader),
            Action::AddShip(NavalUnitKind::Squadron) => fleet.own.squadrons += 1,
            Action::AddShip(NavalUnitKind::Corsair) => fleet.own.corsairs += 1,
            Action::AddAlliedSquadron(minor) => fleet.allied[minor.index()] += 1,
            Action::NavalToSea(_) => self.try_naval_interception(power, log),
            Action::Decline => self.end_interception(),
            _ => {}
        }
        self.run_naval_combat(log);
    }

    /// The roll of one interception attempt (§16.1 step 4): 2 dice plus the
    /// best battle rating among the stack's naval leaders, 9 or more. A
    /// successful stack enters the zone; a naval leader whose ships all
    /// went goes with them.
    fn try_naval_interception(&mut self, power: Power, log: &mut dyn Log) {
        let Some(&Frame::Interception { active, zone, from: Some(from), fleet, leaders, .. }) = self.stack.top() else {
            return;
        };
        let bonus = best_battle_rating(self.intercepting_leaders(power, zone, from, fleet, leaders));
        let dice = self.roll_dice(2);
        // Professional Rowers (#34) may modify the roll before it counts.
        self.war.roll_modifier = 0;
        self.announce(active, Moment::NavalRoll { power, dice, bonus, avoid: None }, log);
    }

    /// The interception roll counts (§16.1 step 4), with Professional
    /// Rowers' modifier (#34).
    pub(crate) fn finish_naval_interception(&mut self, power: Power, dice: Dice, bonus: u8, log: &mut dyn Log) {
        let Some(&Frame::Interception { active, zone, from: Some(from), fleet, leaders, tried, .. }) = self.stack.top()
        else {
            return;
        };
        let to = NavalLocation::Sea(zone);
        let with = self.intercepting_leaders(power, zone, from, fleet, leaders);
        let success = self.naval_roll_succeeds(dice, bonus);
        log.event(Event::NavalInterception { power, from, zone, dice, bonus, success });
        if success {
            for (faction, units) in fleet.by_faction(power) {
                self.transfer_ships(faction, from, to, units);
                log.event(Event::ShipsMoved { faction, from, to, units });
            }
            for leader in with {
                self.place_naval_leader(leader, to);
                log.event(Event::NavalLeaderMoved { leader, from, to });
            }
        }
        let bit = neighbours(to).iter().position(|&l| l == from).map_or(0, |i| 1u32 << i);
        let tried = tried | bit;
        if let Some(Frame::Interception { from, fleet, leaders, tried: t, succeeded, .. }) = self.stack.top_mut() {
            *from = None;
            *fleet = Fleet::NONE;
            *leaders = 0;
            *t = tried;
            *succeeded |= success;
        }
        if self.untried_interceptors(power, active, zone, tried).is_empty() {
            self.end_interception();
        }
    }

    /// The naval leaders of an interception attempt: those chosen, and
    /// every one there when all the ships go.
    fn intercepting_leaders(
        &self,
        power: Power,
        zone: SeaZone,
        from: NavalLocation,
        fleet: Fleet,
        leaders: u8,
    ) -> EnumSet<Leader> {
        let to = NavalLocation::Sea(zone);
        let with = leader_set(leaders);
        if fleet.total() < fleet_at(self, power, from).total() {
            return with;
        }
        with.union(naval_leaders_at(self, power, from).iter().filter(|&l| leader_may_enter(l, to)).collect())
    }

    /// Closes an `Interception` frame; a success stops other powers from
    /// intercepting into that zone (§16.1 step 4).
    fn end_interception(&mut self) {
        let Some(Frame::Interception { zone, succeeded, .. }) = self.stack.pop() else {
            return;
        };
        if let Some(Frame::NavalCombat { intercepted, stage, .. }) = self.stack.top_mut() {
            if succeeded {
                intercepted.insert(zone);
                *stage = CombatStage::Intercept { zone, next: Power::COUNT as u8 };
            }
        }
    }

    // --- Avoiding battle (§16.1 step 5) --------------------------------

    pub(crate) fn avoid_battle_actions(&self, power: Power, zone: SeaZone, list: &mut ActionList) {
        list.push(Action::Decline);
        push_destinations(&retreat_destinations(self, power, NavalLocation::Sea(zone)), list);
    }

    /// All of `power`'s ships in the zone try together: 2 dice plus the best
    /// battle rating of its naval leaders there, 9 or more (§16.1 step 5).
    pub(crate) fn apply_avoid_battle(&mut self, power: Power, zone: SeaZone, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        if let Some(to) = destination(action) {
            let from = NavalLocation::Sea(zone);
            let bonus = best_battle_rating(side_leaders(self, power.into(), from));
            let dice = self.roll_dice(2);
            let Some(&Frame::NavalCombat { power: active, .. }) = self.stack.top() else { return };
            // Professional Rowers (#34) may modify the roll before it counts.
            self.war.roll_modifier = 0;
            self.announce(active, Moment::NavalRoll { power, dice, bonus, avoid: Some((zone, to)) }, log);
            return;
        }
        self.run_naval_combat(log);
    }

    /// The avoid-battle roll counts (§16.1 step 5), with Professional
    /// Rowers' modifier (#34).
    pub(crate) fn finish_naval_avoid(
        &mut self,
        power: Power,
        (zone, to): (SeaZone, NavalLocation),
        dice: Dice,
        bonus: u8,
        log: &mut dyn Log,
    ) {
        let success = self.naval_roll_succeeds(dice, bonus);
        log.event(Event::NavalAvoidBattle { power, zone, to, dice, bonus, success });
        if success {
            let moved = |faction, from, to, units| Event::ShipsMoved { faction, from, to, units };
            self.move_side(power, NavalLocation::Sea(zone), to, moved, log);
        }
    }

    /// 2 dice plus a leader's rating, with Professional Rowers' +2 or -2
    /// (#34), reach 9 (§16.1 steps 4-5).
    fn naval_roll_succeeds(&self, dice: Dice, bonus: u8) -> bool {
        let total = i16::from(dice.sum()) + i16::from(bonus) + i16::from(self.war.roll_modifier);
        total >= i16::from(NAVAL_ROLL_TARGET)
    }

    // --- The battles (§16.1 step 7, §16.2) ------------------------------

    pub(crate) fn battle_order_actions(&self, power: Power, at: Option<NavalLocation>, list: &mut ActionList) {
        match at {
            Some(at) => list.extend(enemy_sides_at(self, power, at).into_iter().map(Action::Engage)),
            None => {
                for site in battle_sites(self, power) {
                    list.push(match site {
                        NavalLocation::Port(space) => Action::BattleInPort(space),
                        NavalLocation::Sea(zone) => Action::BattleAtSea(zone),
                    });
                }
            }
        }
    }

    pub(crate) fn apply_battle_order(&mut self, at: Option<NavalLocation>, action: Action, log: &mut dyn Log) {
        self.stack.pop();
        let stage = match (at, action) {
            (_, Action::BattleAtSea(zone)) => CombatStage::Battles { at: Some(NavalLocation::Sea(zone)) },
            (_, Action::BattleInPort(space)) => CombatStage::Battles { at: Some(NavalLocation::Port(space)) },
            (Some(at), Action::Engage(enemy)) => CombatStage::Battle { at, enemy, step: BattleStep::AttackerCards },
            _ => CombatStage::Battles { at },
        };
        self.set_combat_stage(stage);
        self.run_naval_combat(log);
    }

    /// A combat-card window (§16.2 steps 3-4) or the Janissaries window
    /// (step 6): a card played (the window stays open for more, but
    /// Janissaries' closes), or declined.
    /// A power plays a combat card (the window stays open for more) or
    /// declines (after the roll the next power is asked, else the window
    /// closes).
    pub(crate) fn apply_naval_combat_cards(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        match action {
            Action::PlayEvent(card) => self.play_combat_card(power, card, log),
            _ => {
                let Some(Frame::CombatCards { remaining, .. }) = self.stack.top_mut() else { return };
                let mut rest = *remaining;
                match self.next_in_order(&mut rest) {
                    Some(next) => {
                        if let Some(Frame::CombatCards { power, remaining, .. }) = self.stack.top_mut() {
                            (*power, *remaining) = (next, rest);
                        }
                    }
                    None => {
                        self.stack.pop();
                    }
                }
            }
        }
        self.run_naval_combat(log);
    }

    pub(crate) fn naval_losses_actions(&self, power: Power, at: NavalLocation, list: &mut ActionList) {
        for faction in side_factions(self, power.into()) {
            if self.naval_units(at, faction).squadrons > 0 {
                list.push(Action::LoseSquadronOf(faction));
            }
        }
    }

    pub(crate) fn apply_naval_losses(&mut self, action: Action, log: &mut dyn Log) {
        let Some(Frame::NavalLosses { at, squadrons, .. }) = self.stack.top_mut() else {
            return;
        };
        let at = *at;
        *squadrons = squadrons.saturating_sub(1);
        if *squadrons == 0 {
            self.stack.pop();
        }
        if let Action::LoseSquadronOf(faction) = action {
            self.lose_ships(faction, at, NavalUnits::squadrons(1), log);
        }
        self.run_naval_combat(log);
    }

    pub(crate) fn naval_retreat_actions(&self, power: Power, from: NavalLocation, list: &mut ActionList) {
        push_destinations(&retreat_destinations(self, power, from), list);
    }

    pub(crate) fn apply_naval_retreat(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Some(Frame::NavalRetreat { from, beaten, .. }) = self.stack.pop() else {
            return;
        };
        if let Some(to) = destination(action) {
            self.retreat_side(power, from, to, beaten, log);
        }
        self.run_naval_combat(log);
    }
}

/// Offers each location as `NavalToPort` / `NavalToSea`.
fn push_destinations(to: &[NavalLocation], list: &mut ActionList) {
    for &at in to {
        list.push(match at {
            NavalLocation::Port(space) => Action::NavalToPort(space),
            NavalLocation::Sea(zone) => Action::NavalToSea(zone),
        });
    }
}

/// The location a `NavalToPort` / `NavalToSea` action names.
fn destination(action: Action) -> Option<NavalLocation> {
    match action {
        Action::NavalToPort(space) => Some(NavalLocation::Port(space)),
        Action::NavalToSea(zone) => Some(NavalLocation::Sea(zone)),
        _ => None,
    }
}
