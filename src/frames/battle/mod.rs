//! Land war procedures (§13.1 steps 5-8, §13.2-§13.4, §14, §14.1, §15.2):
//! a formation entering a space, interception, avoid battle, withdrawal into
//! fortifications, the field battle with its combat-card window, losses,
//! captures and retreats. Sieges and assaults are in `frames::siege`.
//!
//! All of it lives in one `Frame::War` variant holding a [`War`]. `Entry`
//! and `Assault` are drivers: they never wait for a decision themselves; the
//! driver ([`Game::drive_war`]) runs their steps until a decision frame is on
//! top or they end.
//!
//! The moving formation stays in its origin (`Entry::from`) until the
//! procedure decides where it goes: into the destination (no battle, or a
//! battle won), or nowhere (a battle lost: a losing attacker retreats to the
//! space it came from, §14.1). Its units and leaders are listed in the
//! `Entry` frame.
//!
//! The procedures are split by step: `entry` (the driver and interception,
//! §13.2), `avoid` (avoid battle and withdrawal, §13.3-§13.4), `field` (the
//! field battle and its losses, §14), `aftermath` (captures, moving in,
//! eliminations, §14 steps 10-12) and `retreat` (§14.1, §15.2, §15.3).

mod aftermath;
mod avoid;
mod card;
mod entry;
mod field;
mod retreat;

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::game::{Game, LandUnits, LeaderLocation};
use crate::rules::battle::{MinorUnits, min_units};
use crate::sets::EnumSet;
use crate::types::{Faction, Leader, MinorPower, Power, Space};

/// A land-war procedure in progress (one variant of `Frame`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum War {
    /// Driver: a formation entering a space (§13.1 steps 5-8).
    Entry(Entry),
    /// Driver: an assault (§15.1), in `frames::siege`.
    Assault(crate::frames::siege::Assault),
    /// Driver: a battle a card fights off the map's procedure, with its
    /// combat-card windows (#95 Sack of Rome, §21.5; a foreign war's
    /// Fight Foreign War action, §21.7), in `frames::battle::card`.
    CardBattle(CardBattle),
    /// `power` may try to intercept the entry below from `from` (§13.2):
    /// the formation formed so far, with its allied minors' regulars (§22.3).
    Intercept {
        power: Power,
        from: Space,
        units: LandUnits,
        leaders: EnumSet<Leader>,
        #[cfg_attr(feature = "serde", serde(default))]
        minors: MinorUnits,
    },
    /// `power` may avoid battle out of the entry's destination (§13.3): the
    /// units (its own, its allied minors' regulars) and leaders chosen so far.
    Avoid { power: Power, units: LandUnits, minors: [u8; MinorPower::COUNT], leaders: EnumSet<Leader> },
    /// `power`, controller of the entry's destination, may withdraw the
    /// defenders into the fortifications (§13.4).
    Withdraw { power: Power },
    /// The mover, not outnumbering the units that withdrew, continues for
    /// more CP or returns for free (§13.4).
    Onward { power: Power },
    /// The relief force's power chooses which of its besieged units join
    /// the battle (§15.2).
    Sortie { power: Power, units: LandUnits },
    /// A combat-card window (§14 steps 4-5, §15.1 steps 5-6): `power` may
    /// play a combat card; `remaining`: the powers still to be asked.
    CombatCards { power: Power, remaining: EnumSet<Power> },
    /// `power` takes `left` losses among its units in `space` (`inside`:
    /// the besieged ones, else those outside), at most `cap` of its own and
    /// `minors` of each allied minor's there (`u8::MAX`: all of them; §14
    /// step 9, §15.1 step 9, §22.3).
    Losses { power: Power, space: Space, left: u8, cap: LandUnits, minors: MinorUnits, inside: bool },
    /// `power`'s units in `space` retreat (§14.1, §15.2, §15.3).
    Retreat { power: Power, space: Space, kind: RetreatKind, garrison: Garrison, captor: Option<Power> },
}

/// A formation of `power` entering `to` from `from` (§13.1 steps 5-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Entry {
    pub power: Power,
    pub from: Space,
    pub to: Space,
    /// The formation's land units (standing in `from` until it moves in).
    pub units: LandUnits,
    /// The formation's leaders.
    pub leaders: EnumSet<Leader>,
    /// The regulars of the mover's allied minors in the formation (§22.3),
    /// standing in `from` with it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub minors: MinorUnits,
    /// Besieged units of the mover in `to` that join a relief battle (§15.2).
    pub joined: LandUnits,
    /// Landing from the sea (§16.3): no origin to return to.
    pub by_sea: bool,
    /// Moving on after a withdrawal it did not outnumber (§13.4): a retreat
    /// into `from` eliminates it.
    pub continued: bool,
    pub step: EntryStep,
}

impl Entry {
    /// The formation's land units, its allied minors' included (§22.3).
    pub(crate) fn formation_units(&self) -> u8 {
        self.units.total() + crate::rules::battle::minor_total(&self.minors)
    }

    /// Whether the formation has land units (its own or its minors').
    pub(crate) fn has_units(&self) -> bool {
        self.formation_units() > 0
    }
}

/// A battle fought for a card (#95 Sack of Rome, §21.5; a foreign war,
/// §21.7): `power` attacks (the sacking stack's owner, the power fighting
/// the foreign war); `space`, the sacking stack's. Its dice, losses and
/// what follows are the card's (`events::card_battle_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct CardBattle {
    pub card: crate::types::Card,
    pub power: Power,
    pub space: Option<Space>,
    /// Both sides have rolled: the window after the roll, then the result.
    pub rolled: bool,
}

/// Where an [`Entry`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum EntryStep {
    /// Interception windows (§13.2): powers in impulse order from `cursor`;
    /// `offered`: that power's stacks already asked; `interceptor`: the
    /// power that succeeded, if any.
    Intercept { cursor: u8, offered: EnumSet<Space>, interceptor: Option<Power> },
    /// Avoid battle (§13.3): defending powers in impulse order from `cursor`.
    Avoid { cursor: u8 },
    /// Withdrawal into fortifications (§13.4).
    Withdraw,
    /// The defenders withdrew: siege, or the mover's choice (§13.4).
    Withdrawn,
    /// A field battle if hostile units remain outside, else the move ends (§13.1 step 8).
    Engage,
    /// The combat-card window, then the roll.
    Cards,
    /// The roll (§14 steps 6-8); with Surprise Attack (#29), the first
    /// side's roll only.
    Roll,
    /// Surprise Attack (#29): the losses of the side that rolls second,
    /// taken before it rolls.
    SurpriseLosses(BattleResult),
    /// Surprise Attack (#29): the second side rolls with its survivors.
    Counter,
    /// After the rolls and the Janissaries window (§14 step 7): the winner
    /// and the losses (§14 steps 8-9).
    Resolve,
    /// Losses (§14 step 9), then captures and retreats.
    Losses(BattleResult),
    /// The losers retreat (§14.1).
    Retreats(BattleResult),
    /// The formation moves in or stays; sieges; Hungary (§14 steps 11-12, §22.5).
    Finish(BattleResult),
}

/// What a field battle decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct BattleResult {
    pub attacker_won: bool,
    /// Equal hits (§15.2: a relief force may then put units inside).
    pub equal_hits: bool,
    /// Losses the attacker still has to take.
    pub attacker_loss: u8,
    /// Losses each defending group still has to take, by its faction (a
    /// major power's group under its own faction).
    pub shares: [u8; Faction::COUNT],
}

/// Why units retreat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case", deny_unknown_fields))]
pub(crate) enum RetreatKind {
    /// The loser of a field battle (§14.1): not into `barred`; up to 4 may
    /// withdraw inside if `may_garrison`.
    Defeated { barred: Option<Space>, may_garrison: bool },
    /// Besiegers that no longer outnumber the units inside (§15.3).
    BreakSiege,
    /// A relief force that lost on equal hits (§15.2): up to `room` of the
    /// survivors `pool` and `leaders` (standing in the retreat's space) may
    /// go inside `into`; the others stay where they came from.
    ReliefBack { into: Space, room: u8, pool: LandUnits, leaders: EnumSet<Leader> },
}

/// The units and leaders chosen to stay inside the fortifications.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub(crate) struct Garrison {
    pub units: LandUnits,
    pub minors: [u8; MinorPower::COUNT],
    pub leaders: EnumSet<Leader>,
}

impl Garrison {
    fn total(&self) -> u8 {
        self.units.total() + self.minors.iter().sum::<u8>()
    }
}

impl War {
    /// The power that decides at this frame.
    pub(crate) fn decider(&self) -> Power {
        match *self {
            War::Entry(e) => e.power,
            War::Assault(a) => a.power,
            War::CardBattle(b) => b.power,
            War::Intercept { power, .. }
            | War::Avoid { power, .. }
            | War::Withdraw { power }
            | War::Onward { power }
            | War::Sortie { power, .. }
            | War::CombatCards { power, .. }
            | War::Losses { power, .. }
            | War::Retreat { power, .. } => power,
        }
    }

    /// What the decision is about.
    pub(crate) fn prompt(&self) -> &'static str {
        match self {
            War::Entry(_) | War::Assault(_) | War::CardBattle(_) => "nothing: automatic steps",
            War::Intercept { .. } => "units and leaders to intercept with, the move's destination, or decline",
            War::Avoid { .. } => "units and leaders to avoid battle with, where to, or decline",
            War::Withdraw { .. } => "withdraw into the fortifications, or decline",
            War::Onward { .. } => "a space to move on to, or return",
            War::Sortie { .. } => "besieged units to join the relief battle, or done",
            War::CombatCards { .. } => "a combat card, or decline",
            War::Losses { .. } => "a unit to lose",
            War::Retreat { .. } => "units to keep inside, and where the others retreat",
        }
    }
}

/// Whether `frame` is a step of a battle or an assault about `space`:
/// their losses are taken a unit at a time, and the siege there is
/// settled when the procedure ends (§15.3; ruling RB11).
pub(crate) fn names_space(frame: &crate::frames::Frame, space: Space) -> bool {
    match frame {
        crate::frames::Frame::War(war) => match war {
            War::Entry(e) => e.from == space || e.to == space,
            War::Assault(a) => a.space == space,
            War::CardBattle(b) => b.space == Some(space),
            War::Losses { space: s, .. } | War::Retreat { space: s, .. } => *s == space,
            _ => false,
        },
        _ => false,
    }
}

/// The first member of `set`, if any.
fn first<T: crate::types::Vocabulary>(set: EnumSet<T>) -> Option<T> {
    set.iter().next()
}

/// Dispatch of the `Frame::War` decisions.
impl Game {
    pub(crate) fn war_actions(&self, war: War, list: &mut ActionList) {
        match war {
            War::Entry(_) | War::Assault(_) | War::CardBattle(_) => {}
            War::Intercept { power, from, units, leaders, minors } => {
                self.intercept_actions(power, from, units, leaders, minors, list)
            }
            War::Avoid { power, units, minors, leaders } => self.avoid_actions(power, units, minors, leaders, list),
            War::Withdraw { .. } => {
                list.push(Action::Decline);
                if let Some(e) = self.current_entry() {
                    list.push(Action::WithdrawInto(e.to));
                }
            }
            War::Onward { power } => self.onward_actions(power, list),
            War::Sortie { power, units } => self.sortie_actions(power, units, list),
            War::CombatCards { power, .. } => self.combat_window_actions(power, list),
            War::Losses { power, space, cap, minors, inside, .. } => {
                self.loss_actions(power, space, cap, minors, inside, list)
            }
            War::Retreat { power, space, kind, garrison, .. } => {
                self.retreat_actions(power, space, kind, garrison, list)
            }
        }
    }

    pub(crate) fn apply_war(&mut self, war: War, action: Action, log: &mut dyn Log) {
        match war {
            War::Entry(_) | War::Assault(_) | War::CardBattle(_) => self.drive_war(log),
            War::Intercept { power, .. } => self.apply_intercept(power, action, log),
            War::Avoid { power, .. } => self.apply_avoid(power, action, log),
            War::Withdraw { .. } => self.apply_withdraw(action, log),
            War::Onward { power } => self.apply_onward(power, action, log),
            War::Sortie { .. } => self.apply_sortie(action, log),
            War::CombatCards { power, .. } => self.apply_land_combat_cards(power, action, log),
            War::Losses { power, .. } => self.apply_loss(power, action, log),
            War::Retreat { power, .. } => self.apply_retreat(power, action, log),
        }
    }

    /// Whether `minors` are regulars of `power`'s allied minors standing in
    /// `at` (a formation's minor units, §22.3).
    pub(crate) fn minors_fit(&self, power: Power, at: Space, minors: MinorUnits) -> bool {
        MinorPower::ALL.into_iter().all(|m| {
            let n = minors[m.index()];
            n == 0 || (self.minor_ally(m) == Some(power) && n <= self.land_units(at, m.into()).regulars)
        })
    }

    /// The land-war frame fits the position: a formation is made of units
    /// and leaders that stand where it is.
    pub(crate) fn war_frame_fits(&self, war: War) -> bool {
        let formation_fits = |power: Power, at: Space, units: LandUnits, leaders: EnumSet<Leader>| {
            let here = self.land_units(at, Faction::from(power));
            min_units(here, units) == units
                && leaders.iter().all(|l| {
                    self.leader_location(l) == LeaderLocation::Space(at)
                        && self.leader_owner(l) == Some(Faction::from(power))
                })
        };
        match war {
            War::Entry(e) => {
                e.step == EntryStep::Withdrawn
                    || (formation_fits(e.power, e.from, e.units, e.leaders)
                        && self.minors_fit(e.power, e.from, e.minors))
            }
            War::Assault(a) => a.leaders.iter().all(|l| self.leader_owner(l) == Some(Faction::from(a.power))),
            War::Intercept { power, from, units, leaders, minors } => {
                formation_fits(power, from, units, leaders) && self.minors_fit(power, from, minors)
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::NoLog;
    use crate::frames::Frame;
    use crate::game::{Scenario, Setup};
    use crate::types::{LandUnitKind, Phase};

    /// §16.3: a formation landing from the sea that loses the field battle
    /// is eliminated and its leaders captured.
    #[test]
    fn a_landing_that_loses_is_eliminated() {
        let mut game = Game::empty(Setup::new(Scenario::Y1517, 1));
        game.set_war(Power::France, Power::England, true).unwrap();
        game.set_land_units(Space::Rouen, Faction::France, LandUnits::regulars(2)).unwrap();
        game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Rouen)).unwrap();
        game.set_land_units(Space::Calais, Faction::England, LandUnits::regulars(5)).unwrap();
        game.set_phase(Phase::Action).unwrap();
        game.run_automatic();
        game.force_dice(&[1, 1, 1]).unwrap(); // France: 2 units + 1
        game.force_dice(&[5, 1, 1, 1, 1, 1]).unwrap(); // England: 5 + 1, one hit
        let leaders = [Leader::Montmorency].into_iter().collect();
        let units = LandUnits::regulars(2);
        let formation = (units, crate::rules::battle::NO_MINORS);
        game.begin_land_entry(Power::France, Space::Rouen, Space::Calais, formation, leaders, true, &mut NoLog);
        game.apply(Action::Decline).unwrap();
        game.apply(Action::Decline).unwrap();
        game.apply(Action::LoseUnit(LandUnitKind::Regular)).unwrap();
        assert_eq!(game.land_units(Space::Rouen, Faction::France), LandUnits::NONE);
        assert_eq!(game.land_units(Space::Calais, Faction::England).total(), 5);
        assert_eq!(game.leader_location(Leader::Montmorency), LeaderLocation::Captured(Power::England));
        // The next impulse begins with its response window (any-time cards).
        let next = crate::frames::responses::Moment::Impulse;
        assert!(matches!(game.stack.top(), Some(Frame::Response(w)) if w.actor == Power::Ottoman && w.moment == next));
    }
}
