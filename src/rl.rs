//! An interface for reinforcement learning and search, over the public
//! game: the legal actions as a mask over action indexes
//! ([`Game::legal_action_mask`]), the returns of a game
//! ([`Game::returns`]) and an observation as a fixed-length vector of
//! numbers ([`Observation::encode`], [`Observation::LEN`]).

use thiserror::Error;

use crate::action::Action;
use crate::engine::{ActionList, Decider};
use crate::game::{Game, LAST_TURN, LeaderLocation, NavalLocation, Scenario};
use crate::observe::Observation;
use crate::rules::foreign_war::ForeignWar;
use crate::types::{Card, Faction, Leader, Phase, Power, Religion, SeaZone, Space};

/// A buffer given to [`Game::legal_action_mask`] or
/// [`Observation::encode`] has the wrong length. Nothing was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the buffer has {got} entries; it needs exactly {expected}")]
pub struct BufferLengthError {
    /// The length needed: [`Action::COUNT`] or [`Observation::LEN`].
    pub expected: usize,
    /// The length given.
    pub got: usize,
}

/// Checks that `got` entries are exactly `expected`.
fn check_length(expected: usize, got: usize) -> Result<(), BufferLengthError> {
    if got == expected { Ok(()) } else { Err(BufferLengthError { expected, got }) }
}

impl Scenario {
    /// The powers the players control, in impulse order: all six in the
    /// 1517 and 1532 scenarios; the Papacy and the Protestant in the
    /// two-player variant (§24.3), where every other power acts by fixed
    /// rules and never decides.
    pub fn powers(self) -> &'static [Power] {
        match self {
            Scenario::TwoPlayer => &[Power::Papacy, Power::Protestant],
            Scenario::Y1517 | Scenario::Y1532 | Scenario::Tournament => &Power::ALL,
        }
    }
}

impl Game {
    /// Writes the legal actions as a mask over action indexes: `mask[i]` is
    /// true exactly when `Action::from_index(i)` is among
    /// [`Game::legal_actions`]. All false when the game is over, or when
    /// nothing is pending (a position built with the editing API, before
    /// [`Game::run_automatic`]). Returns how many actions are legal.
    ///
    /// `mask` must have exactly [`Action::COUNT`] entries; otherwise the
    /// result is a [`BufferLengthError`] and `mask` is untouched. Allocates
    /// nothing (the listing stays in an inline [`ActionList`]).
    ///
    /// ```
    /// use here_i_stand::{Action, Game, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let mut mask = vec![false; Action::COUNT];
    /// let legal = game.legal_action_mask(&mut mask).unwrap();
    /// assert_eq!(legal, game.legal_actions().len());
    /// assert!(game.legal_action_mask(&mut [false; 3]).is_err());
    /// ```
    pub fn legal_action_mask(&self, mask: &mut [bool]) -> Result<usize, BufferLengthError> {
        check_length(Action::COUNT, mask.len())?;
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        mask.fill(false);
        for action in &list {
            if let Some(slot) = mask.get_mut(action.index() as usize) {
                *slot = true;
            }
        }
        Ok(list.len())
    }

    /// The returns of the game, by [`Power::index`]: 1 for the winner (the
    /// [`Outcome`](crate::Outcome)'s `winner`, §23), 0 for every other
    /// power (those not played in the scenario included). Before the end
    /// every entry is 0: there is no partial score.
    pub fn returns(&self) -> [f32; Power::COUNT] {
        let mut returns = [0.0; Power::COUNT];
        if let Some(outcome) = self.outcome() {
            returns[outcome.winner.index()] = 1.0;
        }
        returns
    }

    /// The returns by player ([`crate::Player::index`], §3.1): 1 for the
    /// player holding the winning power (ruling PL5), 0 for the others and
    /// for the entries past [`crate::Players::count`].
    ///
    /// ```
    /// use here_i_stand::{Game, Players, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1).with_players(Players::standard(3)?)?);
    /// assert_eq!(game.player_returns(), [0.0; 6]); // not over yet
    /// # Ok::<(), here_i_stand::PlayersError>(())
    /// ```
    pub fn player_returns(&self) -> [f32; Power::COUNT] {
        let mut returns = [0.0; Power::COUNT];
        if let Some(outcome) = self.outcome() {
            returns[self.player_of(outcome.winner).index()] = 1.0;
        }
        returns
    }
}

/// Where each plane of [`Observation::encode`] starts.
mod layout {
    use super::*;

    const F: usize = Faction::COUNT;
    /// Land unit planes per faction and space: regulars, mercenaries,
    /// cavalry, besieged.
    pub(super) const LAND_PLANES: usize = 4;
    /// Naval places: ports (by space), sea zones, the turn track.
    pub(super) const NAVAL_PLACES: usize = Space::COUNT + SeaZone::COUNT + 1;
    /// Leader places: spaces, sea zones, captured by a power, unavailable,
    /// the turn track, removed, each foreign war card.
    pub(super) const LEADER_PLACES: usize = Space::COUNT + SeaZone::COUNT + Power::COUNT + 3 + ForeignWar::COUNT;

    pub(super) const CONTROL: usize = 0;
    pub(super) const RELIGION: usize = CONTROL + Space::COUNT * F;
    pub(super) const UNREST: usize = RELIGION + Space::COUNT * Religion::COUNT;
    pub(super) const LAND: usize = UNREST + Space::COUNT;
    pub(super) const NAVAL: usize = LAND + Space::COUNT * F * LAND_PLANES;
    pub(super) const LEADERS: usize = NAVAL + NAVAL_PLACES * F * 2;
    pub(super) const TURN: usize = LEADERS + Leader::COUNT * LEADER_PLACES;
    pub(super) const PHASE: usize = TURN + LAST_TURN as usize + 1;
    pub(super) const VP: usize = PHASE + Phase::COUNT;
    pub(super) const VIEWER: usize = VP + Power::COUNT;
    pub(super) const DECIDER: usize = VIEWER + Power::COUNT;
    pub(super) const HAND: usize = DECIDER + Power::COUNT;
    pub(super) const HAND_SIZES: usize = HAND + Card::COUNT;
    pub(super) const DECK: usize = HAND_SIZES + Power::COUNT;
    pub(super) const WARS: usize = DECK + 1;
    pub(super) const ALLIANCES: usize = WARS + F * F;
    pub(super) const FOREIGN_WARS: usize = ALLIANCES + F * F;
    pub(super) const LEN: usize = FOREIGN_WARS + ForeignWar::COUNT * 3;
}

/// Sets `out[at]`, if it exists (it always does within `LEN`).
fn set(out: &mut [f32], at: usize, value: f32) {
    if let Some(slot) = out.get_mut(at) {
        *slot = value;
    }
}

/// The place of a leader among `layout::LEADER_PLACES`.
fn leader_place(location: LeaderLocation) -> usize {
    const SEAS: usize = Space::COUNT;
    const CAPTURED: usize = SEAS + SeaZone::COUNT;
    const OTHER: usize = CAPTURED + Power::COUNT;
    match location {
        LeaderLocation::Space(space) => space.index(),
        LeaderLocation::Sea(zone) => SEAS + zone.index(),
        LeaderLocation::Captured(power) => CAPTURED + power.index(),
        LeaderLocation::Unavailable => OTHER,
        LeaderLocation::TurnTrack => OTHER + 1,
        LeaderLocation::Removed => OTHER + 2,
        LeaderLocation::ForeignWar(war) => OTHER + 3 + war.index(),
    }
}

/// The place of a naval stack among `layout::NAVAL_PLACES` (the turn
/// track is the last one).
fn naval_place(location: NavalLocation) -> usize {
    match location {
        NavalLocation::Port(space) => space.index(),
        NavalLocation::Sea(zone) => Space::COUNT + zone.index(),
    }
}

impl Observation {
    /// The length of [`Observation::encode`]'s vector: the same for every
    /// viewer and scenario.
    pub const LEN: usize = layout::LEN;

    /// Writes what the viewer sees as [`Observation::LEN`] numbers, in this
    /// fixed order (each block indexed by the types' `index()`; a one-hot
    /// block is 1 at one place and 0 elsewhere; counts are plain numbers):
    ///
    /// 1. control: per space, one-hot over `Faction` (the controller);
    /// 2. religion: per space, one-hot over `Religion`;
    /// 3. unrest: per space, 1 if in unrest;
    /// 4. land units: per space, per faction, the regulars, mercenaries,
    ///    cavalry, and 1 if that faction's units there are besieged;
    /// 5. naval units: per place (ports by space, then sea zones, then the
    ///    turn track), per faction, the squadrons and corsairs;
    /// 6. leaders: per leader, one-hot over its place (spaces, sea zones,
    ///    captured by each power, then unavailable, turn track, removed,
    ///    each foreign war card);
    /// 7. turn: one-hot over 0 to [`LAST_TURN`];
    /// 8. phase: one-hot over `Phase`;
    /// 9. VP: per power, its total ([`Game::vp`]);
    /// 10. viewer: one-hot over `Power`;
    /// 11. decider: one-hot over `Power` (all 0 when nobody decides or the
    ///     game is over);
    /// 12. hand: per card, 1 if in the viewer's hand (its diplomatic cards
    ///     included, two-player game);
    /// 13. hand sizes: per power;
    /// 14. the deck's size;
    /// 15. wars: per pair of factions (row-major), 1 if at war;
    /// 16. alliances: per pair of factions (row-major), 1 if allied;
    /// 17. foreign wars (§21.7): per `ForeignWar`, 1 if on, the power's
    ///     land units on the card, the independents left.
    ///
    /// `out` must have exactly `LEN` entries; otherwise the result is a
    /// [`BufferLengthError`] and `out` is untouched. Allocates nothing.
    ///
    /// ```
    /// use here_i_stand::{Game, Observation, Power, Scenario, Setup};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let mut planes = vec![0.0; Observation::LEN];
    /// game.observation(Power::France).encode(&mut planes).unwrap();
    /// ```
    pub fn encode(&self, out: &mut [f32]) -> Result<(), BufferLengthError> {
        check_length(Self::LEN, out.len())?;
        out.fill(0.0);
        self.encode_map(out);
        self.encode_units(out);
        self.encode_state(out);
        Ok(())
    }

    /// Control, religion and unrest.
    fn encode_map(&self, out: &mut [f32]) {
        let board = self.board();
        for space in Space::ALL {
            let s = space.index();
            set(out, layout::CONTROL + s * Faction::COUNT + board.controller(space).index(), 1.0);
            set(out, layout::RELIGION + s * Religion::COUNT + board.religion(space).index(), 1.0);
            if board.in_unrest(space) {
                set(out, layout::UNREST + s, 1.0);
            }
        }
    }

    /// Land units, naval units and leaders.
    fn encode_units(&self, out: &mut [f32]) {
        let board = self.board();
        for (space, faction, units, besieged) in board.land_stacks() {
            let at = layout::LAND + (space.index() * Faction::COUNT + faction.index()) * layout::LAND_PLANES;
            set(out, at, f32::from(units.regulars));
            set(out, at + 1, f32::from(units.mercenaries));
            set(out, at + 2, f32::from(units.cavalry));
            set(out, at + 3, if besieged { 1.0 } else { 0.0 });
        }
        let naval = |place: usize, faction: Faction| layout::NAVAL + (place * Faction::COUNT + faction.index()) * 2;
        for (location, faction, units) in board.naval_stacks() {
            let at = naval(naval_place(location), faction);
            set(out, at, f32::from(units.squadrons));
            set(out, at + 1, f32::from(units.corsairs));
        }
        for faction in Faction::ALL {
            let units = board.naval_on_turn_track(faction);
            let at = naval(layout::NAVAL_PLACES - 1, faction);
            set(out, at, f32::from(units.squadrons));
            set(out, at + 1, f32::from(units.corsairs));
        }
        for leader in Leader::ALL {
            let place = leader_place(board.leader_location(leader));
            set(out, layout::LEADERS + leader.index() * layout::LEADER_PLACES + place, 1.0);
        }
    }

    /// Turn, phase, VP, viewer, decider, cards, wars and alliances.
    fn encode_state(&self, out: &mut [f32]) {
        let board = self.board();
        set(out, layout::TURN + usize::from(board.turn().min(LAST_TURN)), 1.0);
        set(out, layout::PHASE + board.phase().index(), 1.0);
        set(out, layout::VIEWER + self.viewer().index(), 1.0);
        if let Decider::Power(power) = board.decider() {
            set(out, layout::DECIDER + power.index(), 1.0);
        }
        for power in Power::ALL {
            set(out, layout::VP + power.index(), f32::from(board.vp(power).total()));
            set(out, layout::HAND_SIZES + power.index(), f32::from(self.hand_size(power)));
        }
        for card in board.hand(self.viewer()).union(board.dip_hand(self.viewer())) {
            set(out, layout::HAND + card.index(), 1.0);
        }
        set(out, layout::DECK, self.unseen().len().saturating_sub(self.hidden_in_hands()) as f32);
        for a in Faction::ALL {
            for b in Faction::ALL {
                let pair = a.index() * Faction::COUNT + b.index();
                if a != b && board.at_war(a, b) {
                    set(out, layout::WARS + pair, 1.0);
                }
                if a != b && board.allied(a, b) {
                    set(out, layout::ALLIANCES + pair, 1.0);
                }
            }
        }
        for (war, card) in board.foreign_wars() {
            let at = layout::FOREIGN_WARS + war.index() * 3;
            set(out, at, 1.0);
            set(out, at + 1, f32::from(card.units.total()));
            set(out, at + 2, f32::from(card.independents));
        }
    }

    /// How many of the unseen cards are in other powers' hands (not their
    /// home cards, which are seen): the rest are in the deck.
    fn hidden_in_hands(&self) -> usize {
        let board = self.board();
        Power::ALL
            .into_iter()
            .filter(|&p| p != self.viewer())
            .map(|p| usize::from(self.hand_size(p)).saturating_sub(board.hand(p).len()))
            .sum()
    }
}
