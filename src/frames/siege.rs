//! Sieges (§15): the assault action (§15.1) and breaking a siege (§15.3).
//! Relief forces (§15.2) are field battles, in `frames::battle`.

use crate::action::Action;
use crate::dice::Dice;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::battle::{RetreatKind, War};
use crate::game::{Game, LandUnits, LeaderLocation, NavalLocation};
use crate::rules::battle::{self as rules, ALL_MINORS, NO_MINORS, best_battle_rating, commander, is_hostile, less};
use crate::rules::combat_cards::SIEGE_ARTILLERY_HIT;
use crate::rules::movement::formation_limit;
use crate::sets::EnumSet;
use crate::types::{Faction, LandUnitKind, Leader, LeaderKind, Power, Space};

/// The CP an assault costs (§11.2).
pub(crate) const ASSAULT_CP: u8 = 1;

/// An assault by `power` on `space` (§15.1): the assaulting formation and
/// where the procedure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Assault {
    pub power: Power,
    pub space: Space,
    pub units: LandUnits,
    pub leaders: EnumSet<Leader>,
    /// The regulars of the power's allied minors besieging with it that
    /// assault in its formation (§22.3).
    #[cfg_attr(feature = "serde", serde(default))]
    pub minors: crate::rules::battle::MinorUnits,
    pub step: AssaultStep,
    /// The defenders surrender if the besiegers still outnumber them after
    /// the assault (Treachery!, #105).
    #[cfg_attr(feature = "serde", serde(default))]
    pub surrender: bool,
}

/// Where an [`Assault`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum AssaultStep {
    /// The combat-card window, then the roll.
    Cards,
    /// The roll (§15.1 step 7).
    Roll,
    /// Both sides rolled: the window for Siege Artillery (§15.1 step 8,
    /// #35), then the losses.
    Rolled { attacker: Dice, defender: Dice },
    /// Losses (§15.1 step 9): the attacker's, then each defending group's.
    Losses { attacker: Dice, defender: Dice, attacker_loss: u8, shares: [u8; Faction::COUNT] },
    /// Success or failure (§15.1 steps 10-11).
    Finish { attacker: Dice, defender: Dice },
}

impl Game {
    /// Whether the assault action on `space` is open to `power` with `cp`
    /// left (§15.1, §11.2).
    pub(crate) fn assault_legal(&self, power: Power, cp: u8, space: Space) -> bool {
        let military = power != Power::Protestant || self.schmalkaldic_league();
        let paid = cp >= ASSAULT_CP || rules::roxelana_assault(self, power, space);
        military && paid && rules::can_assault(self, power, space)
    }

    /// The assault actions open to `power` (§15.1): where its own units or
    /// its allied minors' regulars besiege (§22.3: the ally assaults with
    /// them alone too, and spends the CP).
    pub(crate) fn assault_actions(&self, power: Power, cp: u8, list: &mut ActionList) {
        let factions = self.own_factions(power);
        let mut spaces = EnumSet::EMPTY;
        for (space, faction, _, besieged) in self.land_stack_tuples() {
            if factions.contains(faction)
                && !besieged
                && self.is_fortified(space)
                && self.assault_legal(power, cp, space)
            {
                spaces.insert(space);
            }
        }
        // In space order, as listings are.
        list.extend(spaces.iter().map(Action::Assault));
    }

    /// Starts an assault: pays its CP (the `Spend` frame is on top), names
    /// the formation and runs the procedure. The formation is every army
    /// leader of the power there and as many of its units as they command,
    /// regulars and mercenaries before cavalry (cavalry adds no dice, §15.1
    /// step 3; losses come from the whole stack anyway, step 9).
    pub(crate) fn begin_assault(&mut self, power: Power, space: Space, log: &mut dyn Log) {
        if rules::roxelana_assault(self, power, space) {
            // Roxelana's free assault (#42): no CP; the impulse's spending
            // ends here if nothing is left to spend.
            self.war.roxelana = false;
            self.pay(0);
        } else {
            self.pay(ASSAULT_CP);
        }
        self.start_assault(power, space, false, log);
    }

    /// Runs an assault by `power` on `space` (§15.1), its CP paid (or an
    /// event's: `surrender`, Treachery!, #105).
    pub(crate) fn start_assault(&mut self, power: Power, space: Space, surrender: bool, log: &mut dyn Log) {
        self.war.assaulted.insert(space);
        let own = Faction::from(power);
        // Gout (#32): a leader it struck does not assault this impulse.
        let leaders: EnumSet<Leader> =
            self.army_leaders_at(space, own).filter(|l| !self.war.gout.contains(*l)).collect();
        let mut room = formation_limit(leaders);
        let here = self.land_units(space, own);
        let mut units = LandUnits::NONE;
        let mut minors = NO_MINORS;
        for kind in [LandUnitKind::Regular, LandUnitKind::Mercenary, LandUnitKind::Cavalry] {
            if kind == LandUnitKind::Cavalry {
                // §22.3: the allied minors' besieging regulars assault in
                // the formation, before cavalry (which adds no dice).
                for m in rules::allied_minors(self, power) {
                    let f = Faction::from(m);
                    let n = if self.is_besieged(space, f) { 0 } else { self.land_units(space, f).regulars.min(room) };
                    minors[m.index()] = n;
                    room -= n;
                }
            }
            let n = here.count(kind).min(room);
            room -= n;
            for _ in 0..n {
                units = units.plus_one(kind);
            }
        }
        let step = AssaultStep::Cards;
        let assault = Assault { power, space, units, leaders, minors, step, surrender };
        self.stack.push(Frame::War(War::Assault(assault)));
        self.drive_war(log);
    }

    fn set_assault(&mut self, assault: Assault) {
        if let Some(Frame::War(War::Assault(a))) = self.stack.top_mut() {
            *a = assault;
        }
    }

    /// Land units besieged inside `space`, by group (a major power's under
    /// its faction, inactive factions alone).
    fn inside_groups(&self, space: Space) -> [u8; Faction::COUNT] {
        let mut groups = [0u8; Faction::COUNT];
        for (f, u, b) in self.land_units_in(space) {
            if b {
                let key = commander(self, f).map_or(f, Faction::from);
                groups[key.index()] += u.total();
            }
        }
        groups
    }

    /// Army leaders in `space` of powers hostile to `power`: inside while
    /// it besieges the space.
    fn leaders_inside_against(&self, power: Power, space: Space) -> EnumSet<Leader> {
        self.leaders_at(space)
            .filter(|&l| {
                l.kind() == LeaderKind::Army && self.leader_owner(l).is_some_and(|f| is_hostile(self, power, f))
            })
            .collect()
    }

    pub(crate) fn step_assault(&mut self, mut a: Assault, log: &mut dyn Log) {
        match a.step {
            AssaultStep::Cards => {
                a.step = AssaultStep::Roll;
                self.set_assault(a);
                self.war.cards = Default::default();
                let mut defenders = EnumSet::EMPTY;
                for (f, u, b) in self.land_units_in(a.space) {
                    if b && !u.is_empty() {
                        if let Some(p) = commander(self, f).filter(|&p| self.decides(p)) {
                            defenders.insert(p);
                        }
                    }
                }
                if let Some(p) = commander(self, self.controller(a.space)).filter(|&p| self.decides(p)) {
                    defenders.insert(p);
                }
                self.open_card_window(a.power, defenders);
            }
            AssaultStep::Roll => {
                let inside: LandUnits = self
                    .land_units_in(a.space)
                    .filter(|&(_, _, b)| b)
                    .fold(LandUnits::NONE, |sum, (_, u, _)| rules::plus(sum, u));
                let minors = LandUnits::regulars(rules::minor_total(&a.minors));
                let a_n = rules::assault_attacker_dice(
                    rules::plus(a.units, minors),
                    best_battle_rating(a.leaders),
                    inside.total() > 0,
                );
                let d_n = rules::assault_defender_dice(
                    inside,
                    best_battle_rating(self.leaders_inside_against(a.power, a.space)),
                );
                // Combat cards (Siege Mining, #28).
                let (a_n, d_n) = (self.war.cards.main_dice(0, a_n), self.war.cards.main_dice(1, d_n));
                let attacker = self.roll_dice(a_n);
                let defender = self.roll_dice(d_n);
                a.step = AssaultStep::Rolled { attacker, defender };
                self.set_assault(a);
                self.open_after_roll_window(|power, remaining| Frame::War(War::CombatCards { power, remaining }));
            }
            AssaultStep::Rolled { attacker, defender } => {
                let inside = rules::units_inside(self, a.space);
                let own_units = self.besieging_group(a.power, a.space);
                let attacker_loss = defender.hits().min(own_units);
                let mut groups = self.inside_groups(a.space);
                let shares = self.share_among(&mut groups, self.assault_hits(attacker).min(inside));
                a.step = AssaultStep::Losses { attacker, defender, attacker_loss, shares };
                self.set_assault(a);
            }
            AssaultStep::Losses { attacker, defender, attacker_loss, mut shares } => {
                if attacker_loss > 0 {
                    a.step = AssaultStep::Losses { attacker, defender, attacker_loss: 0, shares };
                    self.set_assault(a);
                    let cap = self.land_units(a.space, Faction::from(a.power));
                    self.take_losses(a.power, a.space, attacker_loss, cap, ALL_MINORS, false, log);
                    return;
                }
                for i in 0..Faction::COUNT {
                    let share = shares[i];
                    if share == 0 {
                        continue;
                    }
                    shares[i] = 0;
                    a.step = AssaultStep::Losses { attacker, defender, attacker_loss: 0, shares };
                    self.set_assault(a);
                    let faction = Faction::ALL[i];
                    match faction.major() {
                        Some(p) => {
                            let cap = self.land_units(a.space, faction);
                            self.take_losses(p, a.space, share, cap, ALL_MINORS, true, log);
                        }
                        None => self.lose_inactive_regulars(faction, a.space, share, log),
                    }
                    return;
                }
                a.step = AssaultStep::Finish { attacker, defender };
                self.set_assault(a);
            }
            AssaultStep::Finish { attacker, defender } => {
                self.stack.pop();
                self.finish_assault(a, attacker, defender, log);
            }
        }
    }

    /// `power`'s land units outside in `space` with its allied minors'
    /// (§22.3): the besieging side's units that take an assault's losses
    /// (§15.1 step 9: from the whole stack).
    fn besieging_group(&self, power: Power, space: Space) -> u8 {
        let own = self.land_units(space, Faction::from(power)).total();
        let minors: u8 = rules::allied_minors(self, power)
            .filter(|&m| !self.is_besieged(space, m.into()))
            .map(|m| self.land_units(space, m.into()).regulars)
            .sum();
        own + minors
    }

    /// §9.2 loss sharing among the groups' units in `groups`.
    pub(crate) fn share_among(&mut self, groups: &mut [u8; Faction::COUNT], losses: u8) -> [u8; Faction::COUNT] {
        let mut shares = [0u8; Faction::COUNT];
        let mut left = losses;
        while left > 0 {
            let open: smallvec::SmallVec<[usize; Faction::COUNT]> =
                (0..Faction::COUNT).filter(|&i| groups[i] > 0).collect();
            if open.is_empty() {
                break;
            }
            if usize::from(left) >= open.len() {
                for &i in &open {
                    shares[i] += 1;
                    groups[i] -= 1;
                }
                left -= open.len() as u8;
            } else {
                let i = open[self.random_below(open.len())];
                shares[i] += 1;
                groups[i] -= 1;
                left -= 1;
            }
        }
        shares
    }

    /// Inactive units' losses: regulars only (§22.1).
    pub(crate) fn lose_inactive_regulars(&mut self, faction: Faction, space: Space, n: u8, log: &mut dyn Log) {
        let units = self.land_units(space, faction);
        let lost = LandUnits::regulars(n.min(units.regulars));
        let besieged = self.is_besieged(space, faction);
        self.put_units(space, faction, less(units, lost), besieged);
        if !lost.is_empty() {
            log.event(Event::UnitsEliminated { faction, space, units: lost });
        }
        self.settle(faction, space, log);
    }

    /// The attacker's hits in an assault: its roll's, and Siege Artillery's
    /// on 3-6 (#35).
    fn assault_hits(&self, attacker: Dice) -> u8 {
        attacker.hits().saturating_add(self.war.cards.artillery_rolled.hits_from(SIEGE_ARTILLERY_HIT))
    }

    /// §15.1 steps 10-11.
    fn finish_assault(&mut self, a: Assault, attacker: Dice, defender: Dice, log: &mut dyn Log) {
        let (power, space) = (a.power, a.space);
        let own = Faction::from(power);
        let controller = self.controller(space);
        let survivors = self.besieging_group(power, space);
        let success = self.assault_hits(attacker) >= 1 && rules::units_inside(self, space) == 0 && survivors >= 1;
        log.event(Event::Assault {
            attacker: power,
            defender: controller,
            space,
            attacker_dice: attacker,
            defender_dice: defender,
            success,
        });
        self.phony_war_fought(own, controller, log);
        // Treachery! (#105): besiegers that still outnumber the units inside
        // take the space, its defenders eliminated.
        let outside: u8 = self.land_units_in(space).filter(|&(_, _, b)| !b).map(|(_, u, _)| u.total()).sum();
        let surrender = !success && a.surrender && outside > rules::units_inside(self, space);
        if surrender {
            self.eliminate_inside(space, log);
        }
        if success || surrender {
            // Besieged leaders are captured; the defender's ships and naval
            // leaders in the port go to the turn track; control changes
            // (§15.1 step 10). Unrest stays: no rule removes it here.
            let captured = self.leaders_inside_against(power, space);
            self.capture_or_displace(captured, space, Some(power), log);
            self.sink_port(power, space, log);
            self.put_control(space, own);
            log.event(Event::ControlChanged { space, from: controller, to: own });
        } else {
            if survivors == 0 {
                // §15.1 step 11: the surviving attacking leaders are displaced.
                for leader in a.leaders {
                    if self.leader_location(leader) == LeaderLocation::Space(space) {
                        self.displace_leader(leader, space, log);
                    }
                }
            }
            self.check_siege(space, log);
        }
        self.check_hungary(log);
    }

    /// Every land unit besieged in `space` is eliminated (Treachery!, #105).
    fn eliminate_inside(&mut self, space: Space, log: &mut dyn Log) {
        let inside: smallvec::SmallVec<[(Faction, LandUnits); 4]> =
            self.land_units_in(space).filter(|&(_, _, b)| b).map(|(f, u, _)| (f, u)).collect();
        for (faction, units) in inside {
            self.remove_units(space, faction, units, log);
        }
    }

    /// The naval units and naval leaders in `space`'s port of factions
    /// hostile to `power` go to the turn track (§15.1 step 10).
    fn sink_port(&mut self, power: Power, space: Space, log: &mut dyn Log) {
        let port = NavalLocation::Port(space);
        let fleets: smallvec::SmallVec<[(Faction, crate::game::NavalUnits); 4]> = self
            .naval_stacks()
            .filter(|&(at, f, _)| at == port && is_hostile(self, power, f))
            .map(|(_, f, u)| (f, u))
            .collect();
        for (faction, units) in fleets {
            // Loaned squadrons go to their owners' track (§9.2).
            let lent = self.naval_stack_lent(port, faction);
            let _ = self.set_naval_units(port, faction, crate::game::NavalUnits::NONE);
            let mut track = self.naval_on_turn_track(faction);
            track.squadrons += units.squadrons;
            track.corsairs += units.corsairs;
            self.naval_turn_track[faction.index()] = track;
            self.lent_to_owners_track(faction, &lent);
            log.event(Event::ShipsEliminated { faction, space, units });
        }
        let leaders: smallvec::SmallVec<[Leader; 3]> = self
            .leaders_at(space)
            .filter(|&l| {
                l.kind() == LeaderKind::Naval && self.leader_owner(l).is_some_and(|f| is_hostile(self, power, f))
            })
            .collect();
        for leader in leaders {
            self.leaders[leader.index()] = LeaderLocation::TurnTrack;
            log.event(Event::LeaderToTurnTrack(leader));
        }
    }

    /// §15.3: when the besiegers of `space` no longer strictly outnumber the
    /// units inside, the siege ends at once and the besiegers retreat for
    /// free (or are eliminated, their leaders captured, with nowhere to go).
    /// With no besiegers left the units inside are simply free. Returns
    /// whether a siege ended.
    /// Checks every siege (§15.3) after units left spaces outside the action
    /// phase's moves: winter's return home, peace terms, events. A siege
    /// whose besiegers are gone simply ends; besiegers left that no longer
    /// outnumber must retreat.
    pub(crate) fn check_all_sieges(&mut self, log: &mut dyn Log) {
        let besieged: EnumSet<Space> = self.land_stack_tuples().filter(|&(.., b)| b).map(|(s, ..)| s).collect();
        for space in besieged {
            self.check_siege(space, log);
        }
    }

    /// §15: a siege needs a besieger. Units besieged where no power
    /// besieges any longer ([`Game::siege_has_besieger`]) are free: their
    /// besiegers went home in winter, or a war's end, a peace or a minor's
    /// activation made them friends (Diplomatic Marriage, #73, on a Genoa
    /// besieged by the Papacy's ally Venice). A battle or assault in
    /// progress at the space settles its siege itself (ruling RB11).
    pub(crate) fn end_sieges_without_besiegers(&mut self, log: &mut dyn Log) {
        if !self.land_stacks_slice().iter().any(|s| s.besieged) {
            return;
        }
        let besieged: EnumSet<Space> = self.land_stack_tuples().filter(|&(.., b)| b).map(|(s, ..)| s).collect();
        for space in besieged {
            if !self.siege_has_besieger(space) {
                self.lift_siege(space, log);
            }
        }
    }

    /// Whether some power besieges `space` ([`rules::is_besieging`]),
    /// or a battle or assault in progress names it: its losses are taken
    /// a unit at a time, and it settles the siege when it ends (§15.3;
    /// ruling RB11).
    pub(crate) fn siege_has_besieger(&self, space: Space) -> bool {
        Power::ALL.into_iter().any(|p| rules::is_besieging(self, p, space))
            || self.stack.frames().any(|f| crate::frames::battle::names_space(f, space))
    }

    /// The units besieged in `space` are free (§15.3), reported.
    pub(crate) fn lift_siege(&mut self, space: Space, log: &mut dyn Log) {
        let inside: smallvec::SmallVec<[(Faction, LandUnits); 4]> =
            self.land_units_in(space).filter(|&(_, _, b)| b).map(|(f, u, _)| (f, u)).collect();
        for (faction, units) in inside {
            self.put_units(space, faction, units, false);
        }
        log.event(Event::SiegeBroken(space));
    }

    pub(crate) fn check_siege(&mut self, space: Space, log: &mut dyn Log) -> bool {
        if rules::siege_holds(self, space) {
            return false;
        }
        let mut besieging = EnumSet::EMPTY;
        for (f, u, b) in self.land_units_in(space) {
            if !b && !u.is_empty() {
                if let Some(p) = commander(self, f) {
                    besieging.insert(p);
                }
            }
        }
        self.lift_siege(space, log);
        let captor = commander(self, self.controller(space));
        self.capture_stranded_besieging_leaders(space, captor, log);
        // Last in impulse order first, so the first decides first; powers
        // that take no impulse retreat by fixed rules.
        let powers = impulse_powers(self.scenario());
        let mut order: smallvec::SmallVec<[Power; 6]> =
            Power::ALL.into_iter().filter(|p| !powers.contains(p)).collect();
        order.extend(powers.iter().rev().copied());
        for p in order {
            if besieging.contains(p) {
                self.start_retreat(p, space, RetreatKind::BreakSiege, captor.filter(|&c| c != p), log);
            }
        }
        true
    }

    /// A broken siege's besieging army leaders left with no land unit of
    /// their side in the space (their units moved out or were lost) are
    /// captured by the fortress's holder, or displaced if no major power
    /// holds it: a leader never stands alone beside enemy units (§13.1,
    /// §14 step 10; ruling RB10).
    fn capture_stranded_besieging_leaders(&mut self, space: Space, captor: Option<Power>, log: &mut dyn Log) {
        let holder = self.controller(space);
        let stranded: EnumSet<Leader> = self
            .leaders_at(space)
            .filter(|&l| {
                l.kind() == LeaderKind::Army
                    && self.leader_owner(l).is_some_and(|f| {
                        f != holder
                            && commander(self, f).is_some_and(|p| is_hostile(self, p, holder))
                            && !self
                                .land_units_in(space)
                                .any(|(g, u, _)| !u.is_empty() && commander(self, g) == commander(self, f))
                    })
            })
            .collect();
        self.capture_or_displace(stranded, space, captor, log);
    }
}
