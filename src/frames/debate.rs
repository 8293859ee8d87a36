//! Theological debates (§18.5), the Diet of Worms (§18.1, turn 1 phase 4)
//! and the Council of Trent (#17, §18.6), with the flips of spaces that
//! follow each (one shared `Flips` frame). Who may take part, the dice and
//! the legal flips come from `rules::debate`.

use rand_core::Rng;

use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::game::{DebaterState, Game, ReformerState, Scenario};
use crate::rules::debate::{
    FlipRule, council_choices, council_dice, debate_dice, debaters, diet_cards, diet_dice, flip_choices, loser_out,
    opponent, reformer_of,
};
use crate::rules::home_cards::luther_may_substitute;
use crate::sets::EnumSet;
use crate::types::{Card, CardKind, Debater, DebaterPool, LanguageZone, Power, Religion};

/// The order the Diet of Worms picks are asked in (impulse order; the
/// picks stay secret until all are made, §18.1 step 1). `Frame::DietOfWorms`
/// keeps the picks by this index.
pub(crate) const DIET_ORDER: [Power; 3] = [Power::Hapsburg, Power::Papacy, Power::Protestant];

/// The religion a power flips spaces to.
fn religion_of(power: Power) -> Religion {
    if power == Power::Protestant { Religion::Protestant } else { Religion::Catholic }
}

/// The debaters of `power` in `state` for a debate in `zone`
/// (`rules::debate::debaters`) but the one Leipzig Debate (#6) `barred`.
fn available(
    game: &Game,
    power: Power,
    zone: LanguageZone,
    state: DebaterState,
    barred: Option<Debater>,
) -> EnumSet<Debater> {
    let mut set = debaters(game, power, zone, state);
    if let Some(barred) = barred {
        set.remove(barred);
    }
    set
}

/// A round of a debate: who called it, where, which round, and the
/// Protestant debater Leipzig Debate (#6) keeps out of it.
#[derive(Clone, Copy)]
struct Round {
    caller: Power,
    zone: LanguageZone,
    round: u8,
    barred: Option<Debater>,
}

/// One side's debater in a round, and whether he entered uncommitted.
#[derive(Clone, Copy)]
struct Side {
    debater: Debater,
    uncommitted: bool,
}

impl Game {
    /// A random member of `set`, if any.
    fn draw_debater(&mut self, set: EnumSet<Debater>) -> Option<Debater> {
        if set.is_empty() {
            return None;
        }
        let pick = self.random_below(set.len());
        set.nth(pick)
    }

    /// Call Theological Debate (§18.5 steps 1-3): the attacker is drawn at
    /// random from the caller's uncommitted debaters (the Protestant's of
    /// `zone`); the caller names the defender's group when both groups hold
    /// debaters, else the one that does is used.
    pub(crate) fn begin_debate(&mut self, caller: Power, zone: LanguageZone, log: &mut dyn Log) {
        self.begin_debate_with(caller, zone, None, None, log);
    }

    /// [`Game::begin_debate`] with the choices Leipzig Debate (#6) allows:
    /// the caller's own `attacker` instead of a random one, or a Protestant
    /// debater `barred` from defending in any round of this debate.
    pub(crate) fn begin_debate_with(
        &mut self,
        caller: Power,
        zone: LanguageZone,
        attacker: Option<Debater>,
        barred: Option<Debater>,
        log: &mut dyn Log,
    ) {
        // Thomas More executed (#112): no debates in England this turn.
        if zone == LanguageZone::English && crate::rules::debate::thomas_more_executed(self) {
            return;
        }
        let attacker = match attacker {
            Some(attacker) => attacker,
            None => match self.draw_debater(debaters(self, caller, zone, DebaterState::Uncommitted)) {
                Some(attacker) => attacker,
                None => return,
            },
        };
        let defender = opponent(caller);
        let uncommitted = available(self, defender, zone, DebaterState::Uncommitted, barred);
        let committed = available(self, defender, zone, DebaterState::Committed, barred);
        match (uncommitted.is_empty(), committed.is_empty()) {
            (false, false) => self.stack.push(Frame::DebateDefender { caller, zone, attacker, barred }),
            (false, true) => self.debate_first_round(caller, zone, attacker, DebaterPool::Uncommitted, barred, log),
            (true, false) => self.debate_first_round(caller, zone, attacker, DebaterPool::Committed, barred, log),
            (true, true) => {}
        }
    }

    /// The caller names the defender's group (§18.5 step 3).
    pub(crate) fn debate_defender_actions(&self, list: &mut ActionList) {
        list.extend(DebaterPool::ALL.map(Action::DefenderFrom));
    }

    pub(crate) fn apply_debate_defender(
        &mut self,
        caller: Power,
        zone: LanguageZone,
        attacker: Debater,
        barred: Option<Debater>,
        action: Action,
        log: &mut dyn Log,
    ) {
        if let Action::DefenderFrom(pool) = action {
            self.stack.pop();
            self.debate_first_round(caller, zone, attacker, pool, barred, log);
        }
    }

    /// The defender is drawn from `pool`, then the first round is fought.
    fn debate_first_round(
        &mut self,
        caller: Power,
        zone: LanguageZone,
        attacker: Debater,
        pool: DebaterPool,
        barred: Option<Debater>,
        log: &mut dyn Log,
    ) {
        let state = match pool {
            DebaterPool::Uncommitted => DebaterState::Uncommitted,
            DebaterPool::Committed => DebaterState::Committed,
        };
        let Some(defender) = self.draw_debater(available(self, opponent(caller), zone, state, barred)) else {
            return;
        };
        let attacker = Side { debater: attacker, uncommitted: true };
        let defender = Side { debater: defender, uncommitted: pool == DebaterPool::Uncommitted };
        let round = Round { caller, zone, round: 1, barred };
        self.debate_round(round, attacker, defender, log);
    }

    /// A new debater of `power` for round 2 (§18.5 step 8): drawn from its
    /// uncommitted debaters for `zone`, else from its committed ones other
    /// than `before` (who debated in round 1), else `before` again; never
    /// the one `barred` by Leipzig Debate (#6).
    fn second_round_debater(
        &mut self,
        power: Power,
        zone: LanguageZone,
        before: Debater,
        barred: Option<Debater>,
    ) -> Side {
        let uncommitted = available(self, power, zone, DebaterState::Uncommitted, barred);
        if let Some(debater) = self.draw_debater(uncommitted) {
            return Side { debater, uncommitted: true };
        }
        let mut committed = available(self, power, zone, DebaterState::Committed, barred);
        committed.remove(before);
        let debater = self.draw_debater(committed).unwrap_or(before);
        Side { debater, uncommitted: false }
    }

    /// Round 2 after a first-round tie (§18.5 step 8): new debaters for both
    /// sides; with `bullinger`, the Protestant's is Bullinger (his bonus).
    fn debate_second_round(
        &mut self,
        caller: Power,
        zone: LanguageZone,
        before: [Debater; 2],
        bullinger: bool,
        barred: Option<Debater>,
        log: &mut dyn Log,
    ) {
        let [attacker, defender] = before;
        let draw = |game: &mut Game, power: Power, before: Debater| {
            if bullinger && power == Power::Protestant {
                Side { debater: Debater::Bullinger, uncommitted: true }
            } else {
                game.second_round_debater(power, zone, before, barred)
            }
        };
        let attacker = draw(self, caller, attacker);
        let defender = draw(self, opponent(caller), defender);
        self.debate_round(Round { caller, zone, round: 2, barred }, attacker, defender, log);
    }

    /// The Protestant may send Bullinger as its round-2 debater, in any zone
    /// (§18.2 debater table), or let the draw decide.
    pub(crate) fn debate_second_round_actions(&self, list: &mut ActionList) {
        list.extend([Action::Decline, Action::ChooseDebater(Debater::Bullinger)]);
    }

    pub(crate) fn apply_debate_second_round(
        &mut self,
        caller: Power,
        zone: LanguageZone,
        before: [Debater; 2],
        barred: Option<Debater>,
        action: Action,
        log: &mut dyn Log,
    ) {
        self.stack.pop();
        let bullinger = action == Action::ChooseDebater(Debater::Bullinger);
        self.debate_second_round(caller, zone, before, bullinger, barred, log);
    }

    /// Before a round's dice (§18.5 steps 2-3 and 7, #7): if the Protestant
    /// may play Here I Stand to put Luther in place of its debater, it is
    /// asked (`Frame::DebateLuther`); else the round is fought.
    fn debate_round(&mut self, round: Round, attacker: Side, defender: Side, log: &mut dyn Log) {
        let protestant = if round.caller == Power::Protestant { attacker } else { defender };
        if luther_may_substitute(self, round.zone, protestant.debater) {
            self.stack.push(Frame::DebateLuther {
                caller: round.caller,
                zone: round.zone,
                round: round.round,
                debaters: [attacker.debater, defender.debater],
                uncommitted: [attacker.uncommitted, defender.uncommitted],
                barred: round.barred,
            });
            return;
        }
        self.fight_round(round, attacker, defender, log);
    }

    /// Play Here I Stand (#7) to bring Luther in (`choose_debater luther`),
    /// or decline.
    pub(crate) fn debate_luther_actions(&self, list: &mut ActionList) {
        list.extend([Action::Decline, Action::ChooseDebater(Debater::Luther)]);
    }

    /// Here I Stand (#7) in a debate: Luther replaces the Protestant's
    /// debater (who is committed), entering with his own state (committed
    /// or not); the card goes to the Protestant power card and the
    /// Protestant draws a card. Then the round is fought.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn apply_debate_luther(
        &mut self,
        caller: Power,
        zone: LanguageZone,
        round: u8,
        debaters: [Debater; 2],
        uncommitted: [bool; 2],
        barred: Option<Debater>,
        action: Action,
        log: &mut dyn Log,
    ) {
        self.stack.pop();
        let mut sides = [0, 1].map(|i| Side { debater: debaters[i], uncommitted: uncommitted[i] });
        if action == Action::ChooseDebater(Debater::Luther) {
            let i = usize::from(caller != Power::Protestant);
            let replaced = sides[i].debater;
            self.debaters[replaced.index()] = DebaterState::Committed;
            let luther = self.debater_state(Debater::Luther) == DebaterState::Uncommitted;
            sides[i] = Side { debater: Debater::Luther, uncommitted: luther };
            self.hands[Power::Protestant.index()].remove(Card::HereIStand);
            self.events_played[Power::Protestant.index()].insert(Card::HereIStand);
            log.event(Event::CardPlayedAsEvent { power: Power::Protestant, card: Card::HereIStand });
            self.draw_from_deck(Power::Protestant, log);
        }
        let [attacker, defender] = sides;
        self.fight_round(Round { caller, zone, round, barred }, attacker, defender, log);
    }

    /// One round (§18.5 steps 5-10): both roll, both are committed, hits
    /// compared; a first-round tie leads to round 2, a second tie ends the
    /// debate; otherwise Campeggio may cancel a Papal loss, Aleander adds a
    /// flip, the loser may be burned or disgraced, and the winner flips.
    fn fight_round(&mut self, round: Round, attacker: Side, defender: Side, log: &mut dyn Log) {
        let Round { caller, zone, round, barred } = round;
        let mut dice = debate_dice(self, attacker.debater, zone, true, attacker.uncommitted);
        // Augsburg Confession (#39): the Papacy rolls one die less when it
        // initiates a debate, for the rest of the turn.
        if caller == Power::Papacy && self.augsburg_confession_in_effect() {
            dice = dice.saturating_sub(1);
        }
        // Thomas More (#112): the extra dice of the debate it called.
        if caller == Power::Papacy {
            dice = dice.saturating_add(self.debate_extra_dice);
        }
        let attacker_dice = self.roll_dice(dice);
        let defender_dice = self.roll_dice(debate_dice(self, defender.debater, zone, false, defender.uncommitted));
        for side in [attacker, defender] {
            self.debaters[side.debater.index()] = DebaterState::Committed;
        }
        let (papal, protestant) = if caller == Power::Papacy { (attacker, defender) } else { (defender, attacker) };
        let (attacker_hits, defender_hits) = (attacker_dice.hits(), defender_dice.hits());
        let report = |winner, flips, loser_out, campeggio_roll| Event::Debate {
            caller,
            zone,
            round,
            attacker: attacker.debater,
            defender: defender.debater,
            attacker_dice,
            defender_dice,
            winner,
            flips,
            loser_out,
            campeggio_roll,
        };
        if attacker_hits == defender_hits {
            log.event(report(None, 0, None, None));
            if round == 1 {
                let before = [attacker.debater, defender.debater];
                let bullinger = barred != Some(Debater::Bullinger);
                if bullinger && self.debater_state(Debater::Bullinger) == DebaterState::Uncommitted {
                    self.stack.push(Frame::DebateSecondRound { caller, zone, before, barred });
                } else {
                    self.debate_second_round(caller, zone, before, false, barred, log);
                }
            }
            return;
        }
        let winner = if attacker_hits > defender_hits { caller } else { opponent(caller) };
        let margin = attacker_hits.abs_diff(defender_hits);
        // Campeggio (entered uncommitted) after a Papal loss: 5-6 cancels it.
        let campeggio = winner == Power::Protestant && papal.debater == Debater::Campeggio && papal.uncommitted;
        let campeggio_roll = campeggio.then(|| self.roll_die());
        let cancelled = campeggio_roll.is_some_and(|face| face >= 5);
        let aleander = papal.debater == Debater::Aleander && papal.uncommitted;
        let loser = if winner == Power::Papacy { protestant.debater } else { papal.debater };
        let out = (!cancelled && loser_out(loser, margin)).then_some(loser);
        let flips = if cancelled { 0 } else { margin + u8::from(aleander) };
        log.event(report(Some(winner), flips, out, campeggio_roll));
        if let Some(loser) = out {
            self.remove_debater(winner, loser);
        }
        self.begin_flips(winner, flips, Some(zone), false, FlipRule::Targets);
    }

    /// Burning or disgrace (§18.5 steps 9-10): the loser leaves the game,
    /// `winner` gains his debate value in bonus VP (§23.2; counted only
    /// here), and a burned reformer-debater's reformer leaves the map.
    fn remove_debater(&mut self, winner: Power, loser: Debater) {
        let state = if winner == Power::Papacy { DebaterState::Burned } else { DebaterState::Disgraced };
        self.debaters[loser.index()] = state;
        let vp = &mut self.bonus_vp[winner.index()];
        *vp = vp.saturating_add(loser.value() as i8);
        if let Some(reformer) = reformer_of(loser).filter(|_| state == DebaterState::Burned) {
            self.reformers[reformer.index()] = ReformerState::Removed;
        }
    }

    /// `power` flips `count` spaces to its religion, one at a time, among
    /// the legal ones (`rules::debate::flip_choices`); nothing when there
    /// is none.
    pub(crate) fn begin_flips(
        &mut self,
        power: Power,
        count: u8,
        zone: Option<LanguageZone>,
        zone_only: bool,
        rule: FlipRule,
    ) {
        let religion = religion_of(power);
        if count > 0 && !flip_choices(self, religion, zone, zone_only, rule).is_empty() {
            self.stack.push(Frame::Flips { power, count, zone, zone_only, rule });
        }
    }

    pub(crate) fn flips_actions(
        &self,
        power: Power,
        zone: Option<LanguageZone>,
        zone_only: bool,
        rule: FlipRule,
        list: &mut ActionList,
    ) {
        for space in flip_choices(self, religion_of(power), zone, zone_only, rule) {
            list.push(Action::Flip(space));
        }
    }

    pub(crate) fn apply_flip(&mut self, power: Power, action: Action, log: &mut dyn Log) {
        let Action::Flip(space) = action else {
            return;
        };
        let religion = religion_of(power);
        self.change_religion(space, religion, log);
        let Some(Frame::Flips { count, zone, zone_only, rule, .. }) = self.stack.top_mut() else {
            return;
        };
        *count = count.saturating_sub(1);
        let (left, zone, zone_only, rule) = (*count, *zone, *zone_only, *rule);
        if left == 0 || flip_choices(self, religion, zone, zone_only, rule).is_empty() {
            self.stack.pop();
        }
    }

    // --- The Diet of Worms (§18.1) ---

    /// Phase 4 of turn 1: the Diet of Worms, then spring deployment.
    /// `impulse_index` marks the Diet as begun (spring deployment resets it).
    pub(crate) fn diet_of_worms_step(&mut self, log: &mut dyn Log) {
        if self.impulse_index != 0 {
            self.begin_spring_deployment(log);
            return;
        }
        self.impulse_index = 1;
        self.next_diet_pick([None; 3], 0, log);
    }

    /// Asks the next power (from `from` in `DIET_ORDER`) with a card it may
    /// pick; after the last, the Diet is resolved. In the two-player variant
    /// the Hapsburg picks nothing: its card is drawn at the resolution (§24.3).
    fn next_diet_pick(&mut self, picks: [Option<Card>; 3], from: usize, log: &mut dyn Log) {
        for &power in DIET_ORDER.iter().skip(from) {
            let plays = !(self.scenario() == Scenario::TwoPlayer && power == Power::Hapsburg);
            if plays && !diet_cards(self, power).is_empty() {
                self.stack.push(Frame::DietOfWorms { power, picks });
                return;
            }
        }
        self.resolve_diet(picks, log);
    }

    pub(crate) fn diet_actions(&self, power: Power, list: &mut ActionList) {
        for card in diet_cards(self, power) {
            list.push(Action::PlayCp(card));
        }
    }

    pub(crate) fn apply_diet(&mut self, power: Power, picks: [Option<Card>; 3], action: Action, log: &mut dyn Log) {
        let Action::PlayCp(card) = action else {
            return;
        };
        self.stack.pop();
        let Some(i) = DIET_ORDER.iter().position(|&p| p == power) else {
            return;
        };
        let mut picks = picks;
        picks[i] = Some(card);
        self.next_diet_pick(picks, i + 1, log);
    }

    /// The cards are revealed and spent, the dice rolled (§18.1 steps 2-5):
    /// the side with more hits flips the difference in German spaces, each
    /// next to a space of its religion; the Papacy chooses the Catholic flips.
    fn resolve_diet(&mut self, picks: [Option<Card>; 3], log: &mut dyn Log) {
        let [mut hapsburg, papal, protestant] = picks;
        if self.scenario() == Scenario::TwoPlayer {
            hapsburg = self.draw_deck_card();
        }
        for (power, card) in DIET_ORDER.into_iter().zip([hapsburg, papal, protestant]) {
            if let Some(card) = card {
                self.hands[power.index()].remove(card);
                // Home cards go back to the power card (§6.1).
                if card.kind() != CardKind::Home {
                    self.discard.insert(card);
                }
            }
        }
        let protestant_dice = self.roll_dice(diet_dice(Power::Protestant, protestant));
        let hapsburg_dice = self.roll_dice(diet_dice(Power::Hapsburg, hapsburg));
        let papal_dice = self.roll_dice(diet_dice(Power::Papacy, papal));
        let catholic = hapsburg_dice.hits().saturating_add(papal_dice.hits());
        let winner = match protestant_dice.hits().cmp(&catholic) {
            core::cmp::Ordering::Greater => Some(Power::Protestant),
            core::cmp::Ordering::Less => Some(Power::Papacy),
            core::cmp::Ordering::Equal => None,
        };
        let flips = protestant_dice.hits().abs_diff(catholic);
        log.event(Event::DietOfWorms {
            protestant_card: protestant,
            papal_card: papal,
            hapsburg_card: hapsburg,
            protestant_dice,
            papal_dice,
            hapsburg_dice,
            winner,
            flips,
        });
        if let Some(winner) = winner {
            self.begin_flips(winner, flips, Some(LanguageZone::German), true, FlipRule::Adjacent);
        }
    }

    /// The top card of the deck: a random one (the deck is kept unordered).
    fn draw_deck_card(&mut self) -> Option<Card> {
        if self.deck.is_empty() {
            return None;
        }
        let pick = self.random_below(self.deck.len());
        let card = self.deck.nth(pick)?;
        self.deck.remove(card);
        Some(card)
    }

    /// For `Game::observation`: the Diet of Worms picks of powers other than
    /// `viewer` (and those its player holds, §3.1) are secret until
    /// revealed (§18.1 step 1).
    pub(crate) fn hide_diet_picks(&mut self, viewer: Power) {
        let players = self.players();
        for frame in self.stack.frames_mut() {
            if let Frame::DietOfWorms { picks, .. } = frame {
                for (pick, power) in picks.iter_mut().zip(DIET_ORDER) {
                    if !players.same_player(power, viewer) {
                        *pick = None;
                    }
                }
            }
        }
    }

    /// For `Game::determinize`: the secret picks of powers other than
    /// `viewer` are drawn again from their (re-dealt) hands.
    pub(crate) fn redraw_diet_picks(&mut self, viewer: Power, rng: &mut (impl Rng + ?Sized)) {
        let choices = DIET_ORDER.map(|power| diet_cards(self, power));
        let players = self.players();
        for frame in self.stack.frames_mut() {
            let Frame::DietOfWorms { picks, .. } = frame else {
                continue;
            };
            for ((pick, power), cards) in picks.iter_mut().zip(DIET_ORDER).zip(choices) {
                if !players.same_player(power, viewer) && pick.is_some() {
                    let n = ((u128::from(rng.next_u64()) * cards.len() as u128) >> 64) as usize;
                    *pick = cards.nth(n);
                }
            }
        }
    }

    // --- The Council of Trent (#17, §18.6) ---

    /// Council of Trent (#17, §18.6), for the card's event: the Papacy sends
    /// up to 4 uncommitted debaters one at a time (or stops), then the
    /// Protestant up to 2 from any zone; each is committed when sent. Both
    /// roll their summed debate values (+1 die for Pole), and the side with
    /// more hits flips the difference in legal reformation or
    /// counter-reformation targets.
    pub(crate) fn begin_council_of_trent(&mut self, log: &mut dyn Log) {
        self.next_council_side(Power::Papacy, EnumSet::EMPTY, EnumSet::EMPTY, log);
    }

    /// Asks `power` (the Papacy, then the Protestant) if it has a debater to
    /// send; after the Protestant, the council is resolved.
    fn next_council_side(
        &mut self,
        power: Power,
        papal: EnumSet<Debater>,
        protestant: EnumSet<Debater>,
        log: &mut dyn Log,
    ) {
        let chosen = if power == Power::Papacy { papal } else { protestant };
        if !council_choices(self, power, chosen).is_empty() {
            self.stack.push(Frame::CouncilOfTrent { power, papal, protestant });
        } else if power == Power::Papacy {
            self.next_council_side(Power::Protestant, papal, protestant, log);
        } else {
            self.resolve_council(papal, protestant, log);
        }
    }

    pub(crate) fn council_actions(
        &self,
        power: Power,
        papal: EnumSet<Debater>,
        protestant: EnumSet<Debater>,
        list: &mut ActionList,
    ) {
        list.push(Action::Done);
        let chosen = if power == Power::Papacy { papal } else { protestant };
        for debater in council_choices(self, power, chosen) {
            list.push(Action::ChooseDebater(debater));
        }
    }

    pub(crate) fn apply_council(
        &mut self,
        power: Power,
        papal: EnumSet<Debater>,
        protestant: EnumSet<Debater>,
        action: Action,
        log: &mut dyn Log,
    ) {
        self.stack.pop();
        let (mut papal, mut protestant) = (papal, protestant);
        let mut done = true;
        if let Action::ChooseDebater(debater) = action {
            self.debaters[debater.index()] = DebaterState::Committed;
            let chosen = if power == Power::Papacy { &mut papal } else { &mut protestant };
            chosen.insert(debater);
            done = council_choices(self, power, *chosen).is_empty();
        }
        match (done, power) {
            (false, _) => self.stack.push(Frame::CouncilOfTrent { power, papal, protestant }),
            (true, Power::Papacy) => self.next_council_side(Power::Protestant, papal, protestant, log),
            (true, _) => self.resolve_council(papal, protestant, log),
        }
    }

    fn resolve_council(&mut self, papal: EnumSet<Debater>, protestant: EnumSet<Debater>, log: &mut dyn Log) {
        let papal_dice = self.roll_dice(council_dice(Power::Papacy, papal));
        let protestant_dice = self.roll_dice(council_dice(Power::Protestant, protestant));
        let (p, q) = (papal_dice.hits(), protestant_dice.hits());
        let winner = match p.cmp(&q) {
            core::cmp::Ordering::Greater => Some(Power::Papacy),
            core::cmp::Ordering::Less => Some(Power::Protestant),
            core::cmp::Ordering::Equal => None,
        };
        let flips = p.abs_diff(q);
        log.event(Event::CouncilOfTrent { papal, protestant, papal_dice, protestant_dice, winner, flips });
        if let Some(winner) = winner {
            self.begin_flips(winner, flips, None, false, FlipRule::Targets);
        }
    }
}

/// A log into a caller's collection of events.
struct Collect<'a, E: Extend<Event>>(&'a mut E);

impl<E: Extend<Event>> Log for Collect<'_, E> {
    fn event(&mut self, event: Event) {
        self.0.extend(core::iter::once(event));
    }
}

impl Game {
    /// Test hook: starts the Council of Trent procedure (#17, §18.6) now,
    /// as the card's event will once card events are built, and reports its
    /// events to `log`. Never part of play (`legal_actions` never offers it).
    ///
    /// ```
    /// use here_i_stand::{Action, Decider, Game, Phase, Power, Scenario, Setup};
    /// let mut game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let mut log = Vec::new();
    /// game.start_council_of_trent(&mut log);
    /// assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    /// assert!(game.legal_actions().contains(&Action::Done));
    /// ```
    #[doc(hidden)]
    pub fn start_council_of_trent(&mut self, log: &mut impl Extend<Event>) {
        let mut log = Collect(log);
        self.begin_council_of_trent(&mut log);
        self.advance(&mut log);
    }
}
