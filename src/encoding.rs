//! An observation as a fixed-length vector of numbers, for learners
//! ([`Observation::encode`], [`Observation::LEN`], [`Observation::layout`]):
//! the position, the viewer's cards, and the pending decision with what
//! the decider has chosen in it so far.

mod compact;

pub use compact::CompactBlock;

use crate::decision::DecisionKind;
use crate::engine::Decider;
use crate::game::{LAST_TURN, LeaderLocation, NavalLocation};
use crate::observe::Observation;
use crate::rl::{BufferLengthError, check_length};
use crate::rules::foreign_war::ForeignWar;
use crate::rules::negotiation::Deal;
use crate::types::{Card, Debater, Faction, LanguageZone, Leader, MinorPower, Phase, Power, Religion, SeaZone, Space};

/// One named block of [`Observation::encode`]'s vector: `len` numbers from
/// `offset`. The blocks follow each other without gaps, in the order of
/// [`Observation::layout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's name ("control", "decision_kind", ...).
    pub name: &'static str,
    /// Its first index in the vector.
    pub offset: usize,
    /// How many numbers it has.
    pub len: usize,
}

/// Where each block of [`Observation::encode`] starts.
mod layout {
    use super::*;

    const F: usize = Faction::COUNT;
    /// Land unit planes per faction and space: regulars, mercenaries,
    /// cavalry, besieged.
    pub(super) const LAND_PLANES: usize = 4;
    /// Naval places: ports (by space), sea zones, the turn track.
    pub(super) const NAVAL_PLACES: usize = NavalLocation::PLACES + 1;
    /// Leader places: spaces, sea zones, captured by a power, unavailable,
    /// the turn track, removed, each foreign war card.
    pub(super) const LEADER_PLACES: usize = Space::COUNT + SeaZone::COUNT + Power::COUNT + 3 + ForeignWar::COUNT;
    /// What is chosen so far: regulars, mercenaries, cavalry, squadrons,
    /// corsairs, naval leaders, minor units, units still to lose.
    pub(super) const CHOSEN_COUNTS: usize = 8;
    /// Places of ships: ports (by space), then sea zones.
    pub(super) const PLACES: usize = NavalLocation::PLACES;
    /// This impulse's sets of spaces: where the viewer lost a field
    /// battle, where it tried to intercept, sieges begun, spaces assaulted,
    /// spaces entered.
    pub(super) const IMPULSE_SETS: usize = 5;
    /// The combat cards of the battle being fought: extra dice by side,
    /// dice fewer by side, Tercios by side, the side rolling first.
    pub(super) const BATTLE_CARDS: usize = 8;
    /// A deal's term counts (see `deal_terms`).
    pub(super) const TERMS: usize = 7;
    /// A deal's givers: of card draws, of mercenaries, of loaned ships.
    pub(super) const GIVERS: usize = 3;
    /// The states of a debater (`DebaterState`).
    pub(super) const DEBATER_STATES: usize = 6;

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
    pub(super) const DEBATERS: usize = FOREIGN_WARS + ForeignWar::COUNT * 3;
    pub(super) const TARGETED: usize = DEBATERS + Debater::COUNT * DEBATER_STATES;
    pub(super) const BONUS_USED: usize = TARGETED + Space::COUNT;
    pub(super) const TRANSLATED: usize = BONUS_USED + Power::COUNT;
    pub(super) const WAR_SPACES: usize = TRANSLATED + LanguageZone::COUNT;
    pub(super) const WAR_FLAGS: usize = WAR_SPACES + IMPULSE_SETS * Space::COUNT;
    pub(super) const GOUT: usize = WAR_FLAGS + 2;
    pub(super) const BATTLE: usize = GOUT + Leader::COUNT;
    pub(super) const KIND: usize = BATTLE + BATTLE_CARDS;
    pub(super) const ACTING_FOR: usize = KIND + DecisionKind::COUNT;
    pub(super) const AT_SPACE: usize = ACTING_FOR + Power::COUNT;
    pub(super) const AT_SEA: usize = AT_SPACE + Space::COUNT;
    pub(super) const OPPONENT: usize = AT_SEA + SeaZone::COUNT;
    pub(super) const CARD: usize = OPPONENT + F;
    pub(super) const CP: usize = CARD + Card::COUNT;
    pub(super) const LEADER: usize = CP + 1;
    pub(super) const MINOR: usize = LEADER + Leader::COUNT;
    pub(super) const ZONE: usize = MINOR + MinorPower::COUNT;
    pub(super) const LEFT: usize = ZONE + LanguageZone::COUNT;
    pub(super) const STAGE: usize = LEFT + 1;
    pub(super) const CHOSEN: usize = STAGE + 1;
    pub(super) const CHOSEN_LEADERS: usize = CHOSEN + CHOSEN_COUNTS;
    pub(super) const CHOSEN_SPACES: usize = CHOSEN_LEADERS + Leader::COUNT;
    pub(super) const CHOSEN_DEBATER: usize = CHOSEN_SPACES + Space::COUNT;
    pub(super) const CHOSEN_PLACE: usize = CHOSEN_DEBATER + Debater::COUNT;
    pub(super) const CHOSEN_POWERS: usize = CHOSEN_PLACE + PLACES;
    pub(super) const MOVED_SHIPS: usize = CHOSEN_POWERS + Power::COUNT;
    pub(super) const DEAL_TERMS: usize = MOVED_SHIPS + PLACES;
    pub(super) const DEAL_GIVERS: usize = DEAL_TERMS + TERMS;
    pub(super) const DEAL_UNITS_FROM: usize = DEAL_GIVERS + GIVERS * Power::COUNT;
    pub(super) const TRIED: usize = DEAL_UNITS_FROM + Space::COUNT;
    pub(super) const ANNOUNCED: usize = TRIED + PLACES;
    pub(super) const LEN: usize = ANNOUNCED + 1;

    /// The blocks by name, in order: each runs to the next one's offset
    /// (the last entry marks the end).
    const STARTS: [(&str, usize); 50] = [
        ("control", CONTROL),
        ("religion", RELIGION),
        ("unrest", UNREST),
        ("land_units", LAND),
        ("naval_units", NAVAL),
        ("leaders", LEADERS),
        ("turn", TURN),
        ("phase", PHASE),
        ("vp", VP),
        ("viewer", VIEWER),
        ("decider", DECIDER),
        ("hand", HAND),
        ("hand_sizes", HAND_SIZES),
        ("deck", DECK),
        ("wars", WARS),
        ("alliances", ALLIANCES),
        ("foreign_wars", FOREIGN_WARS),
        ("debaters", DEBATERS),
        ("targeted_this_impulse", TARGETED),
        ("debater_bonus_used", BONUS_USED),
        ("translated_this_impulse", TRANSLATED),
        ("impulse_spaces", WAR_SPACES),
        ("impulse_flags", WAR_FLAGS),
        ("gout", GOUT),
        ("battle_cards", BATTLE),
        ("decision_kind", KIND),
        ("decision_acting_for", ACTING_FOR),
        ("decision_space", AT_SPACE),
        ("decision_sea_zone", AT_SEA),
        ("decision_opponent", OPPONENT),
        ("decision_card", CARD),
        ("decision_cp", CP),
        ("decision_leader", LEADER),
        ("decision_minor", MINOR),
        ("decision_zone", ZONE),
        ("decision_left", LEFT),
        ("decision_stage", STAGE),
        ("chosen_units", CHOSEN),
        ("chosen_leaders", CHOSEN_LEADERS),
        ("chosen_spaces", CHOSEN_SPACES),
        ("chosen_debater", CHOSEN_DEBATER),
        ("chosen_place", CHOSEN_PLACE),
        ("chosen_powers", CHOSEN_POWERS),
        ("moved_ships", MOVED_SHIPS),
        ("deal_terms", DEAL_TERMS),
        ("deal_givers", DEAL_GIVERS),
        ("deal_units_from", DEAL_UNITS_FROM),
        ("tried_places", TRIED),
        ("announced", ANNOUNCED),
        ("end", LEN),
    ];

    /// How many named blocks there are.
    pub(super) const COUNT: usize = STARTS.len() - 1;

    const fn blocks() -> [Block; COUNT] {
        let mut out = [Block { name: "", offset: 0, len: 0 }; COUNT];
        let mut i = 0;
        while i < COUNT {
            let (name, offset) = STARTS[i];
            out[i] = Block { name, offset, len: STARTS[i + 1].1 - offset };
            i += 1;
        }
        out
    }

    pub(super) const BLOCKS: [Block; COUNT] = blocks();
}

/// Sets `out[at]`, if it exists (it always does within `LEN`).
fn set(out: &mut [f32], at: usize, value: f32) {
    if let Some(slot) = out.get_mut(at) {
        *slot = value;
    }
}

/// Adds `value` to `out[at]`, if it exists.
fn add(out: &mut [f32], at: usize, value: f32) {
    if let Some(slot) = out.get_mut(at) {
        *slot += value;
    }
}

/// A deal's terms: the counts of `deal_terms`, its givers, and where its
/// units come from (ceded spaces and returned leaders are in
/// `chosen_spaces` and `chosen_leaders`).
fn encode_deal(out: &mut [f32], deal: &Deal) {
    let count = |slots: &[Option<Space>]| slots.iter().flatten().count() as f32;
    let terms = [
        f32::from(u8::from(deal.end_war)),
        f32::from(u8::from(deal.alliance)),
        f32::from(u8::from(deal.divorce)),
        deal.lift.len() as f32,
        f32::from(deal.cards),
        count(&deal.mercenaries),
        count(&deal.lent_squadrons),
    ];
    for (i, value) in terms.into_iter().enumerate() {
        set(out, layout::DEAL_TERMS + i, value);
    }
    for (i, giver) in [deal.card_giver, deal.mercenary_giver, deal.lender].into_iter().enumerate() {
        one_hot(out, layout::DEAL_GIVERS + i * Power::COUNT, giver.map(Power::index));
    }
    for space in deal.mercenaries.iter().chain(&deal.lent_squadrons).flatten() {
        add(out, layout::DEAL_UNITS_FROM + space.index(), 1.0);
    }
}

/// Sets the one-hot place `index` of the block at `block`, if there is one.
fn one_hot(out: &mut [f32], block: usize, index: Option<usize>) {
    if let Some(index) = index {
        set(out, block + index, 1.0);
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

impl Observation {
    /// The length of [`Observation::encode`]'s vector: the same for every
    /// viewer and scenario.
    pub const LEN: usize = layout::LEN;

    /// The least number [`Observation::encode`] writes: counts and flags
    /// are never negative, but a few signed counters (VP bonuses,
    /// modifiers) are, and none goes below an `i8`.
    pub const MIN_VALUE: f32 = -128.0;

    /// The greatest number [`Observation::encode`] writes. Counts fit a
    /// `u8`; the one wider entry is the `announced` block, an action's
    /// index plus one, at most [`crate::Action::COUNT`].
    pub const MAX_VALUE: f32 = crate::Action::COUNT as f32;

    /// The blocks of [`Observation::encode`]'s vector, in order, each with
    /// its name, offset and length (as OpenSpiel names its tensor's
    /// parts). Their lengths add up to [`Observation::LEN`].
    ///
    /// ```
    /// use here_i_stand::Observation;
    ///
    /// let layout = Observation::layout();
    /// assert_eq!(layout[0].name, "control");
    /// assert_eq!(layout.iter().map(|b| b.len).sum::<usize>(), Observation::LEN);
    /// let kind = layout.iter().find(|b| b.name == "decision_kind").unwrap();
    /// assert!(kind.len >= 50);
    /// ```
    pub fn layout() -> &'static [Block] {
        &layout::BLOCKS
    }

    /// Writes what the viewer sees as [`Observation::LEN`] numbers, in
    /// the blocks of [`Observation::layout`] (each indexed by the types'
    /// `index()`; a one-hot block is 1 at one place and 0 elsewhere, or all
    /// 0 where it does not apply; counts are plain numbers):
    ///
    /// 1. `control`: per space, one-hot over `Faction` (the controller);
    /// 2. `religion`: per space, one-hot over `Religion`;
    /// 3. `unrest`: per space, 1 if in unrest;
    /// 4. `land_units`: per space, per faction, the regulars, mercenaries,
    ///    cavalry, and 1 if that faction's units there are besieged;
    /// 5. `naval_units`: per place (ports by space, then sea zones, then
    ///    the turn track), per faction, the squadrons and corsairs;
    /// 6. `leaders`: per leader, one-hot over its place (spaces, sea zones,
    ///    captured by each power, then unavailable, turn track, removed,
    ///    each foreign war card);
    /// 7. `turn`: one-hot over 0 to [`LAST_TURN`](crate::LAST_TURN);
    /// 8. `phase`: one-hot over `Phase`;
    /// 9. `vp`: per power, its total ([`Game::vp`](crate::Game::vp));
    /// 10. `viewer`: one-hot over `Power`;
    /// 11. `decider`: one-hot over `Power` (all 0 when nobody decides or
    ///     the game is over);
    /// 12. `hand`: per card, 1 if in the viewer's hand (its diplomatic
    ///     cards included, two-player game);
    /// 13. `hand_sizes`: per power;
    /// 14. `deck`: the deck's size;
    /// 15. `wars`: per pair of factions (row-major), 1 if at war;
    /// 16. `alliances`: per pair of factions (row-major), 1 if allied;
    /// 17. `foreign_wars` (§21.7): per `ForeignWar`, 1 if on, the power's
    ///     land units on the card, the independents left;
    /// 18. `debaters`: per `Debater`, one-hot over its state (not arrived,
    ///     uncommitted, committed, burned, disgraced, removed), then this
    ///     impulse's `targeted_this_impulse` (per space), `debater_bonus_used`
    ///     (per power) and `translated_this_impulse` (per language zone);
    ///     this impulse's land war: `impulse_spaces` (five sets of spaces:
    ///     where the viewer's units lost a field battle, where the viewer
    ///     tried to intercept, sieges begun, spaces assaulted, spaces
    ///     entered), `impulse_flags` (Foul Weather played, Roxelana's
    ///     assault unused), `gout` (per leader kept still by Gout), and
    ///     `battle_cards` (the battle being fought: extra dice and dice
    ///     fewer by side, Tercios by side, one-hot the side rolling first);
    /// 19. the pending decision ([`Game::pending`](crate::Game::pending)):
    ///     `decision_kind` one-hot over [`DecisionKind`], then one-hot
    ///     `decision_acting_for` (`Power`), `decision_space`,
    ///     `decision_sea_zone`, `decision_opponent` (`Faction`),
    ///     `decision_card`, the `decision_cp` left, one-hot
    ///     `decision_leader`, `decision_minor`, `decision_zone`, and the
    ///     counts `decision_left` and `decision_stage` (where a card's
    ///     steps stand (twice the step, plus 1 for the yes/no the card
    ///     keeps), an attempt, a deal, a peace; a combat-card
    ///     window's battle kind; a response window's kind of moment);
    /// 20. what the decider has chosen in it so far: `chosen_units` (the
    ///     regulars, mercenaries, cavalry, squadrons, corsairs and naval
    ///     leaders of a formation, transport, winter group or naval move,
    ///     its allied minors' units, and a winter group's units still to
    ///     lose), `chosen_leaders` (per leader, 1 if
    ///     in it), `chosen_spaces` (per space, 1 if already dealt with:
    ///     winter returns done, origins abandoned this action, spaces
    ///     displaced from, ceded by a deal), `chosen_debater` (one-hot: the
    ///     debater committed to a series of attempts), `chosen_place`
    ///     (one-hot over ports by space then sea zones: a naval
    ///     interception's stack, a land interception's origin, a winter
    ///     group's destination), `chosen_powers` (proposed to in this
    ///     negotiation, declared on), `moved_ships` (per port then sea zone,
    ///     the ships that moved there in this naval move);
    /// 21. the deal being built or offered: `deal_terms` (end of war,
    ///     alliance, divorce, excommunications lifted, card draws,
    ///     mercenaries, squadrons loaned), `deal_givers` (one-hot over
    ///     `Power` for the giver of card draws, of mercenaries, and the
    ///     lender) and `deal_units_from` (per space, the mercenaries and
    ///     loaned squadrons that leave it);
    /// 22. `tried_places` (per port then sea zone: the stacks that tried
    ///     this naval interception) and `announced` (in a response window
    ///     on a card's announced choice, that action's index + 1, else 0).
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
        self.encode_zeroed(out);
        Ok(())
    }

    /// [`Observation::encode`] into `out`, already all 0 and `LEN` long.
    fn encode_zeroed(&self, out: &mut [f32]) {
        self.encode_map(out);
        self.encode_units(out);
        self.encode_state(out);
        self.encode_religion(out);
        self.encode_impulse_war(out);
        self.encode_decision(out);
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
        for (space, faction, units, besieged) in board.land_stack_tuples() {
            let at = layout::LAND + (space.index() * Faction::COUNT + faction.index()) * layout::LAND_PLANES;
            set(out, at, f32::from(units.regulars));
            set(out, at + 1, f32::from(units.mercenaries));
            set(out, at + 2, f32::from(units.cavalry));
            set(out, at + 3, if besieged { 1.0 } else { 0.0 });
        }
        let naval = |place: usize, faction: Faction| layout::NAVAL + (place * Faction::COUNT + faction.index()) * 2;
        for (location, faction, units) in board.naval_stacks() {
            let at = naval(location.place_index(), faction);
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

    /// The pending decision and what is chosen in it so far.
    fn encode_decision(&self, out: &mut [f32]) {
        let board = self.board();
        let d = board.pending();
        one_hot(out, layout::KIND, Some(d.kind.index()));
        one_hot(out, layout::ACTING_FOR, d.acting_for.map(Power::index));
        one_hot(out, layout::AT_SPACE, d.space.map(Space::index));
        one_hot(out, layout::AT_SEA, d.sea_zone.map(SeaZone::index));
        one_hot(out, layout::OPPONENT, d.opponent.map(Faction::index));
        one_hot(out, layout::CARD, d.card.map(Card::index));
        set(out, layout::CP, d.cp.map_or(0.0, f32::from));
        one_hot(out, layout::LEADER, d.leader.map(Leader::index));
        one_hot(out, layout::MINOR, d.minor.map(MinorPower::index));
        one_hot(out, layout::ZONE, d.zone.map(LanguageZone::index));
        set(out, layout::LEFT, d.left.map_or(0.0, f32::from));
        let chosen = board.selection();
        set(out, layout::STAGE, f32::from(chosen.stage));
        one_hot(out, layout::CHOSEN_DEBATER, chosen.debater.map(Debater::index));
        one_hot(out, layout::CHOSEN_PLACE, chosen.place);
        for power in chosen.powers {
            set(out, layout::CHOSEN_POWERS + power.index(), 1.0);
        }
        for place in chosen.moved.places() {
            add(out, layout::MOVED_SHIPS + place, 1.0);
        }
        if let Some(deal) = &chosen.deal {
            encode_deal(out, deal);
        }
        for space in chosen.tried.ports {
            set(out, layout::TRIED + space.index(), 1.0);
        }
        for zone in chosen.tried.seas {
            set(out, layout::TRIED + Space::COUNT + zone.index(), 1.0);
        }
        set(out, layout::ANNOUNCED, chosen.announced.map_or(0.0, |a| a.index() as f32 + 1.0));
        let counts = [
            chosen.land.regulars,
            chosen.land.mercenaries,
            chosen.land.cavalry,
            chosen.naval.squadrons,
            chosen.naval.corsairs,
            chosen.naval_leaders,
            chosen.minors,
            chosen.losing,
        ];
        for (i, count) in counts.into_iter().enumerate() {
            set(out, layout::CHOSEN + i, f32::from(count));
        }
        for leader in chosen.leaders {
            set(out, layout::CHOSEN_LEADERS + leader.index(), 1.0);
        }
        for space in chosen.spaces {
            set(out, layout::CHOSEN_SPACES + space.index(), 1.0);
        }
    }

    /// The debaters' states and what this impulse has used.
    fn encode_religion(&self, out: &mut [f32]) {
        let board = self.board();
        for debater in Debater::ALL {
            let state = board.debater_state(debater) as usize;
            set(out, layout::DEBATERS + debater.index() * layout::DEBATER_STATES + state, 1.0);
        }
        for space in board.targeted_this_impulse() {
            set(out, layout::TARGETED + space.index(), 1.0);
        }
        for power in Power::ALL {
            if board.debater_bonus_used(power) {
                set(out, layout::BONUS_USED + power.index(), 1.0);
            }
        }
        for zone in board.translated_this_impulse() {
            set(out, layout::TRANSLATED + zone.index(), 1.0);
        }
    }

    /// What this impulse's land war has used (§13-§15), and the combat
    /// cards of the battle being fought (§14).
    fn encode_impulse_war(&self, out: &mut [f32]) {
        let war = &self.board().war;
        let viewer = self.viewer().index();
        let sets = [war.lost_battle[viewer], war.intercepted[viewer], war.sieges_begun, war.assaulted, war.entered];
        for (i, set_of) in sets.into_iter().enumerate() {
            for space in set_of {
                set(out, layout::WAR_SPACES + i * Space::COUNT + space.index(), 1.0);
            }
        }
        set(out, layout::WAR_FLAGS, f32::from(u8::from(war.foul_weather)));
        set(out, layout::WAR_FLAGS + 1, f32::from(u8::from(war.roxelana)));
        for leader in war.gout {
            set(out, layout::GOUT + leader.index(), 1.0);
        }
        let cards = &war.cards;
        for side in 0..2 {
            set(out, layout::BATTLE + side, f32::from(cards.extra[side]));
            set(out, layout::BATTLE + 2 + side, f32::from(cards.fewer[side]));
            set(out, layout::BATTLE + 4 + side, f32::from(u8::from(cards.tercios[side])));
        }
        one_hot(out, layout::BATTLE + 6, cards.surprise.map(usize::from));
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
