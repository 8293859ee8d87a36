//! Home cards (§6.1, §21): #1 Janissaries, #2 Holy Roman Emperor, #4
//! Patron of the Arts, #5 Papal Bull, #6 Leipzig Debate, #7 Here I Stand
//! (its use in a debate is a decision of the debate procedure,
//! `frames::debate`). (#3 Six Wives of Henry VIII is in
//! `england.rs`.) Their pure rules are in `rules::home_cards`,
//! `rules::combat_cards` and `rules::events`.

use super::{ANNOUNCED, CardEvent, Combat, EventStep, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::responses::Moment;
use crate::game::Scenario;
use crate::game::{DebaterState, Game, LandUnits, LeaderLocation, ReformerState};
use crate::rules::combat_cards::{self as combat_rules, BattleKind, JANISSARIES_REGULARS, Seat};
use crate::rules::debate::{DEBATE_ZONES, can_call_debate, debaters};
use crate::rules::events as rules;
use crate::rules::foreign_war::{ForeignWar, may_build_on};
use crate::rules::home_cards::{
    CHATEAUX_MAX, chateaux_modifier, chateaux_result, emperor_condition, emperor_spaces, here_i_stand_condition,
    leipzig_bars, reformer_zone, retrievable_cards,
};
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, LanguageZone, Leader, Power, Reformer, Ruler, Space};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::Janissaries, always, janissaries)
        .with_combat(Combat { after_roll: true, allowed: janissaries_in_battle, play: janissaries_dice })
        .with_steps(Steps {
            prompt: |_| "where a new regular is placed",
            actions: janissaries_spaces,
            apply: janissaries_place,
            fits: |step| step.power == Power::Ottoman && (1..=JANISSARIES_REGULARS).contains(&step.left),
        }),
    CardEvent::plain(Card::HolyRomanEmperor, |game, _| emperor_condition(game), holy_roman_emperor).with_steps(Steps {
        prompt: |_| "where Charles V goes, the Duke of Alva with him, or decline",
        actions: emperor_actions,
        apply: emperor_apply,
        fits: |step| step.power == Power::Hapsburg && step.step == 0,
    }),
    CardEvent::plain(
        Card::PatronOfTheArts,
        |game, _| crate::rules::home_cards::patron_condition(game),
        patron_of_the_arts,
    ),
    CardEvent::plain(Card::PapalBull, |game, _| rules::papal_bull_has_target(game), papal_bull).with_steps(Steps {
        prompt: papal_bull_prompt,
        actions: papal_bull_actions,
        apply: papal_bull_apply,
        fits: papal_bull_fits,
    }),
    CardEvent::plain(Card::LeipzigDebate, |game, _| leipzig_condition(game), leipzig_debate).with_steps(Steps {
        prompt: |step| match step.step {
            0 => "the language zone of the debate",
            _ => "the Papal attacker, a Protestant debater kept out, or decline",
        },
        actions: leipzig_actions,
        apply: leipzig_apply,
        fits: |step| step.power == Power::Papacy && (step.step == 0 || (step.step == 1 && zone_of(step).is_some())),
    }),
    CardEvent::plain(Card::HereIStand, |game, _| here_i_stand_condition(game), here_i_stand).with_steps(Steps {
        prompt: |step| match step.step {
            0 => "a card to take from the discard pile",
            _ => "play the retrieved card for CP or as its event, or keep it (done)",
        },
        actions: here_i_stand_actions,
        apply: here_i_stand_apply,
        fits: |step| {
            step.power == Power::Protestant && (step.step == 0 || (step.step == 1 && retrieved(step).is_some()))
        },
    }),
];

/// The debate zone kept in a step's `left` (Leipzig Debate step 1, Papal
/// Bull step 2).
fn zone_of(step: EventStep) -> Option<LanguageZone> {
    LanguageZone::from_index(usize::from(step.left)).filter(|z| DEBATE_ZONES.contains(z))
}

/// The step of `card` for `power` at `step`, with `zone` kept in `left`.
fn zone_step(card: Card, power: Power, step: u8, zone: LanguageZone) -> EventStep {
    EventStep { step, left: zone.index() as u8, ..EventStep::new(card, power) }
}

/// Whether the Papacy may play Leipzig Debate (#6): it may call a debate
/// in some zone (`rules::debate::can_call_debate`).
fn leipzig_condition(game: &crate::game::Game) -> bool {
    DEBATE_ZONES.iter().any(|&zone| can_call_debate(game, Power::Papacy, zone))
}

/// #6 Leipzig Debate (§18.5 steps 2-3 exception): the Papacy calls a
/// theological debate (no CP): step 0 the zone, step 1 (`left`: the zone)
/// either its own attacker among its uncommitted debaters, or one
/// Protestant debater of the zone kept out of every round of this
/// debate (`rules::home_cards::leipzig_bars`), or neither (decline: a
/// plain debate).
fn leipzig_debate(game: &mut Game, _: Power, _: &mut dyn Log) {
    game.stack.push(Frame::Event(EventStep::new(Card::LeipzigDebate, Power::Papacy)));
}

fn leipzig_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match (step.step, zone_of(step)) {
        (0, _) => {
            let zones = DEBATE_ZONES.into_iter().filter(|&z| can_call_debate(game, Power::Papacy, z));
            list.extend(zones.map(Action::CallDebate));
        }
        (_, Some(zone)) => {
            list.push(Action::Decline);
            let own = debaters(game, Power::Papacy, zone, DebaterState::Uncommitted);
            list.extend(own.union(leipzig_bars(game, zone)).iter().map(Action::ChooseDebater));
        }
        (_, None) => list.push(Action::Decline),
    }
}

fn leipzig_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match (action, zone_of(step)) {
        (Action::CallDebate(zone), _) => {
            game.stack.push(Frame::Event(zone_step(Card::LeipzigDebate, Power::Papacy, 1, zone)));
        }
        (Action::ChooseDebater(debater), Some(zone)) if debater.power() == Power::Papacy => {
            game.begin_debate_with(Power::Papacy, zone, Some(debater), None, log);
        }
        (Action::ChooseDebater(debater), Some(zone)) => {
            game.begin_debate_with(Power::Papacy, zone, None, Some(debater), log);
        }
        (_, Some(zone)) => game.begin_debate(Power::Papacy, zone, log),
        _ => {}
    }
}

/// The card retrieved by Here I Stand, kept in a step's `left`.
fn retrieved(step: EventStep) -> Option<Card> {
    Card::from_index(usize::from(step.left))
}

/// #7 Here I Stand (§6.2, §21.6): if Luther is alive, the Protestant
/// takes a card from the discard pile (`rules::home_cards::
/// retrievable_cards`; step 0), then (step 1, `left`: the card) plays it
/// at once for CP or as its event, if its event may be played now, or
/// keeps it in hand (done).
fn here_i_stand(game: &mut Game, _: Power, _: &mut dyn Log) {
    game.stack.push(Frame::Event(EventStep::new(Card::HereIStand, Power::Protestant)));
}

fn here_i_stand_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match (step.step, retrieved(step)) {
        (0, _) => list.extend(retrievable_cards(game, Power::Protestant).iter().map(Action::Retrieve)),
        (_, Some(card)) => {
            list.push(Action::Done);
            if game.hand(Power::Protestant).contains(card) {
                list.push(Action::PlayCp(card));
                if game.can_play_event(Power::Protestant, card) {
                    list.push(Action::PlayEvent(card));
                }
            }
        }
        (_, None) => list.push(Action::Done),
    }
}

fn here_i_stand_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    let power = Power::Protestant;
    match action {
        Action::Retrieve(card) => {
            game.retrieve_from_discard(power, card, log);
            let step = EventStep { step: 1, left: card.index() as u8, ..EventStep::new(Card::HereIStand, power) };
            game.stack.push(Frame::Event(step));
        }
        Action::PlayCp(card) => game.play_cp(power, card, log),
        Action::PlayEvent(card) => game.play_event(power, card, log),
        _ => {}
    }
}

/// #1 Janissaries as an impulse event (§21.1): the Ottoman places 4 new
/// regulars, one at a time (`left` in the step), where
/// `rules::combat_cards::janissaries_spaces` allows, or on its foreign war
/// cards below strength (§21.7, `PlaceOnWar`).
fn janissaries(game: &mut Game, _: Power, _: &mut dyn Log) {
    begin_janissaries(game, JANISSARIES_REGULARS);
}

fn begin_janissaries(game: &mut Game, left: u8) {
    let on_cards = janissaries_cards(game).next().is_some();
    if left > 0 && (!combat_rules::janissaries_spaces(game).is_empty() || on_cards) {
        let step = EventStep { left, ..EventStep::new(Card::Janissaries, Power::Ottoman) };
        game.stack.push(Frame::Event(step));
    }
}

/// The Ottoman foreign war cards a Janissaries regular may go on (§21.7:
/// not beyond the strength the event called for).
fn janissaries_cards(game: &Game) -> impl Iterator<Item = ForeignWar> + '_ {
    ForeignWar::ALL.into_iter().filter(|&w| w.power() == Power::Ottoman && may_build_on(game, w, LandUnitKind::Regular))
}

fn janissaries_spaces(game: &Game, _: EventStep, list: &mut ActionList) {
    list.extend(combat_rules::janissaries_spaces(game).iter().map(Action::PlaceAt));
    list.extend(janissaries_cards(game).map(Action::PlaceOnWar));
}

fn janissaries_place(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::PlaceOnWar(war) = action {
        crate::events::foreign_wars::place_new_unit(game, war, LandUnitKind::Regular, log);
        begin_janissaries(game, step.left.saturating_sub(1));
        return;
    }
    let Action::PlaceAt(space) = action else { return };
    let own = Faction::Ottoman;
    let units = game.land_units(space, own).plus_one(LandUnitKind::Regular);
    let besieged = game.is_besieged(space, own);
    game.put_units(space, own, units, besieged);
    log.event(Event::LandUnitsPlaced { faction: own, space, units: LandUnits::regulars(1) });
    begin_janissaries(game, step.left.saturating_sub(1));
}

/// #1 Janissaries in battle (§21.1): after both rolls, by the Ottoman, in a
/// field battle (5 dice; a foreign war's too, §21.7) or a naval battle (4
/// dice), never an assault. (The Ottoman never sacks Rome: it has no
/// mercenaries.)
fn janissaries_in_battle(seat: Seat) -> bool {
    let battle = matches!(seat.kind, BattleKind::Field | BattleKind::Naval | BattleKind::ForeignWar);
    seat.fighting && seat.power == Power::Ottoman && battle
}

fn janissaries_dice(game: &mut Game, seat: Seat, log: &mut dyn Log) {
    let side = usize::from(!seat.attacking);
    let dice = game.roll_dice(combat_rules::extra_dice(Card::Janissaries, seat.power, seat.kind));
    game.war.cards.janissaries_rolled[side] = dice;
    log.event(Event::CombatCardDice { power: seat.power, card: Card::Janissaries, dice });
}

/// #2 Holy Roman Emperor (§21.2): the Hapsburg gets 5 CP to spend, and
/// first may move Charles V to a space `rules::home_cards::emperor_spaces`
/// allows (the Duke of Alva with him if he stands in Charles's space: the
/// event is the first thing of the impulse), or leave him where he is.
/// The step's `flag`: Alva goes with him.
fn holy_roman_emperor(game: &mut Game, _: Power, _: &mut dyn Log) {
    let cp = Card::HolyRomanEmperor.cp();
    game.stack.push(Frame::spend(Power::Hapsburg, cp, None));
    if !emperor_spaces(game).is_empty() {
        game.stack.push(Frame::Event(EventStep::new(Card::HolyRomanEmperor, Power::Hapsburg)));
    }
}

/// Alva stands with Charles V.
fn alva_with_charles(game: &Game) -> bool {
    let charles = game.leader_location(Leader::CharlesV);
    matches!(charles, LeaderLocation::Space(_)) && game.leader_location(Leader::DukeOfAlva) == charles
}

fn emperor_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    list.push(Action::Decline);
    if !step.flag && alva_with_charles(game) {
        list.push(Action::AddLeader(Leader::DukeOfAlva));
    }
    list.extend(emperor_spaces(game).iter().map(Action::PlaceAt));
}

fn emperor_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    match action {
        Action::AddLeader(_) => {
            if let Some(Frame::Event(top)) = game.stack.top_mut() {
                top.flag = true;
            }
        }
        // Announced first: Gout may stop the transfer (#32).
        Action::PlaceAt(_) if step.step != ANNOUNCED => {
            game.stack.pop();
            let step = EventStep { step: ANNOUNCED, ..step };
            game.announce(Power::Hapsburg, Moment::Choice { step, action }, log);
        }
        Action::PlaceAt(space) => {
            game.stack.pop();
            let to = LeaderLocation::Space(space);
            let alva = step.flag && alva_with_charles(game);
            game.leaders[Leader::CharlesV.index()] = to;
            log.event(Event::LeaderPlaced { leader: Leader::CharlesV, to });
            if alva {
                game.leaders[Leader::DukeOfAlva.index()] = to;
                log.event(Event::LeaderPlaced { leader: Leader::DukeOfAlva, to });
            }
        }
        _ => {
            game.stack.pop();
        }
    }
}

/// #4 Patron of the Arts (§21.4): France rolls a die plus
/// `rules::home_cards::chateaux_modifier` on the chateaux table, gains its
/// chateau VP (up to 6), draws its cards from the deck, then discards one
/// of its choice if the table says so (skipped when only home cards and
/// mandatory events are in hand).
fn patron_of_the_arts(game: &mut Game, _: Power, log: &mut dyn Log) {
    let die = game.roll_dice(1);
    let modifier = chateaux_modifier(game);
    let (vp, draws, discards) = chateaux_result(die.sum() as i8 + modifier);
    let vp = vp.min(CHATEAUX_MAX - game.chateaux_vp.min(CHATEAUX_MAX));
    game.chateaux_vp += vp;
    log.event(Event::ChateauxRoll { dice: die, modifier, vp });
    for _ in 0..draws {
        game.draw_from_deck(Power::France, log);
    }
    if discards > 0 {
        game.begin_discard(Power::France);
    }
}

/// #5 Papal Bull (§21.5): the Papacy excommunicates a reformer or a ruler
/// (`rules::events::excommunicable_reformers`, `excommunicable_rulers`);
/// step 1 (`target`, `left`): the unrest markers after a ruler's.
fn papal_bull(game: &mut Game, _: Power, _: &mut dyn Log) {
    game.stack.push(Frame::Event(EventStep::new(Card::PapalBull, Power::Papacy)));
}

fn papal_bull_prompt(step: EventStep) -> &'static str {
    match step.step {
        0 => "a reformer or ruler to excommunicate",
        1 => "a space to put in unrest, or done",
        PEACE_STEP => "a Papal home space to regain, or draw a card",
        _ => "call a theological debate in the excommunicated reformer's zone, or decline",
    }
}

fn papal_bull_fits(step: EventStep) -> bool {
    let unrest = step.step == 1 && step.target.is_some() && (1..=rules::BULL_UNREST).contains(&step.left);
    let debate = step.step == 2 && zone_of(step).is_some();
    let peace = step.step == PEACE_STEP && matches!(step.target, Some(Power::France | Power::Hapsburg));
    step.power == Power::Papacy && (step.step == 0 || unrest || debate || peace)
}

fn papal_bull_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match (step.step, step.target) {
        (PEACE_STEP, Some(enemy)) => {
            list.push(Action::DrawFromDeck);
            list.extend(bull_regainable(game, enemy).iter().map(Action::Regain));
        }
        (0, _) => {
            list.extend(rules::excommunicable_reformers(game).iter().map(Action::ExcommunicateReformer));
            list.extend(rules::excommunicable_rulers(game).iter().map(Action::ExcommunicateRuler));
        }
        (2, _) => {
            list.push(Action::Decline);
            list.extend(zone_of(step).map(Action::CallDebate));
        }
        (_, Some(target)) => {
            list.push(Action::Done);
            list.extend(rules::bull_unrest_spaces(game, target).iter().map(Action::PlaceUnrest));
        }
        (_, None) => list.push(Action::Done),
    }
}

/// A reformer leaves the map with his debater (committed) until the next
/// card draw. A ruler's power takes a "-1 card" marker (counted by
/// `rules::cards_dealt`) until peace with the Papacy or §9.5, and the
/// Papacy may place up to 2 unrest markers. Each figure only once per
/// game. After a reformer's, the Papacy may call a theological debate in
/// his zone (`rules::home_cards::reformer_zone`), if it can
/// (`rules::debate::can_call_debate`): step 2 (`left`: the zone).
fn papal_bull_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if step.step == PEACE_STEP {
        if let Some(enemy) = step.target {
            bull_peace_benefit(game, enemy, action, log);
        }
        return;
    }
    match action {
        // Announced first: Thomas Cromwell may cancel it (#115).
        Action::ExcommunicateReformer(Reformer::Cranmer) if step.step != ANNOUNCED => {
            let step = EventStep { step: ANNOUNCED, ..step };
            game.announce(Power::Papacy, Moment::Choice { step, action }, log);
        }
        Action::ExcommunicateReformer(reformer) => {
            game.reformers_excommunicated.insert(reformer);
            game.reformers[reformer.index()] = ReformerState::Away;
            let debater = &mut game.debaters[rules::reformer_debater(reformer).index()];
            if *debater == DebaterState::Uncommitted {
                *debater = DebaterState::Committed;
            }
            log.event(Event::ReformerExcommunicated(reformer));
            let zone = reformer_zone(reformer);
            if can_call_debate(game, Power::Papacy, zone) {
                game.stack.push(Frame::Event(zone_step(Card::PapalBull, Power::Papacy, 2, zone)));
            }
        }
        Action::CallDebate(zone) => game.begin_debate(Power::Papacy, zone, log),
        Action::ExcommunicateRuler(ruler) => {
            game.excommunicated.insert(ruler);
            game.rulers_excommunicated.insert(ruler);
            log.event(Event::RulerExcommunicated(ruler));
            bull_unrest(game, ruler.power(), rules::BULL_UNREST);
        }
        Action::PlaceUnrest(space) => {
            game.put_unrest(space, true);
            log.event(Event::UnrestPlaced(space));
            if let Some(target) = step.target {
                bull_unrest(game, target, step.left.saturating_sub(1));
            }
        }
        _ => {}
    }
}

// --- #5 Papal Bull, two-player face: its diplomacy-phase use ---------------

/// The step of Papal Bull's two-player diplomacy use: regain a home space
/// or draw a card (`target`: the former enemy).
const PEACE_STEP: u8 = 4;

/// The rulers #5 Papal Bull's two-player face may excommunicate at the
/// start of the diplomacy phase (§24.3): the Papacy holds the card and is
/// at war with France or the Hapsburg, whose ruler was never excommunicated
/// (Francis I and Henry II share one box, as in §21.5; ruling TP1).
pub(crate) fn papal_bull_peace_rulers(game: &Game) -> EnumSet<Ruler> {
    if game.scenario() != Scenario::TwoPlayer || !game.hand(Power::Papacy).contains(Card::PapalBull) {
        return EnumSet::EMPTY;
    }
    let once = game.rulers_excommunicated();
    let french_box_used = once.contains(Ruler::FrancisI) || once.contains(Ruler::HenryIi);
    [Power::France, Power::Hapsburg]
        .into_iter()
        .filter(|&enemy| game.at_war(Power::Papacy, enemy))
        .map(|enemy| game.ruler(enemy))
        .filter(|&r| !(once.contains(r) || (r.power() == Power::France && french_box_used)))
        .collect()
}

/// #5 Papal Bull, two-player face (§24.3): played at the start of the
/// diplomacy phase, it excommunicates `ruler` and ends the war with his
/// power; then the Papacy regains one of its home spaces (even a key) that
/// power controls, or draws a card. The suing decision is asked again
/// after.
pub(crate) fn papal_bull_peace(game: &mut Game, ruler: Ruler, log: &mut dyn Log) {
    let enemy = ruler.power();
    game.hands[Power::Papacy.index()].remove(Card::PapalBull);
    game.events_played[Power::Papacy.index()].insert(Card::PapalBull);
    log.event(Event::CardPlayedAsEvent { power: Power::Papacy, card: Card::PapalBull });
    game.excommunicated.insert(ruler);
    game.rulers_excommunicated.insert(ruler);
    log.event(Event::RulerExcommunicated(ruler));
    if game.set_war(Power::Papacy, enemy, false).is_ok() {
        game.peace_made.set(Power::Papacy.into(), enemy.into(), true);
        log.event(Event::PapalBullPeace(ruler));
    }
    if bull_regainable(game, enemy).is_empty() {
        bull_peace_benefit(game, enemy, Action::DrawFromDeck, log);
    } else {
        let step =
            EventStep { step: PEACE_STEP, target: Some(enemy), ..EventStep::new(Card::PapalBull, Power::Papacy) };
        game.stack.push(Frame::Event(step));
    }
}

/// The Papal home spaces `enemy` controls whose control may change.
fn bull_regainable(game: &Game, enemy: Power) -> EnumSet<Space> {
    Space::ALL
        .into_iter()
        .filter(|&s| s.home() == Faction::Papacy && game.controller(s) == Faction::from(enemy))
        .filter(|&s| crate::rules::two_player::control_may_change(game, s))
        .collect()
}

/// The benefit of the two-player Papal Bull: a regained space, whose
/// former enemy's units are displaced by the fixed rule (§12.5; ruling
/// TP4), or a card drawn; then the Papacy may end another war.
fn bull_peace_benefit(game: &mut Game, enemy: Power, action: Action, log: &mut dyn Log) {
    match action {
        Action::Regain(space) => {
            let from = game.controller(space);
            if game.set_controller(space, Faction::Papacy).is_ok() {
                log.event(Event::ControlChanged { space, from, to: Faction::Papacy });
            }
            let mut spaces = EnumSet::EMPTY;
            spaces.insert(space);
            game.displace_out(enemy, spaces);
        }
        _ => game.draw_from_deck(Power::Papacy, log),
    }
    game.next_suer(Power::Papacy.index(), log);
}

/// Asks the Papacy for the next of `left` unrest markers on `target`'s
/// home spaces, if one may go anywhere.
fn bull_unrest(game: &mut Game, target: Power, left: u8) {
    if left > 0 && !rules::bull_unrest_spaces(game, target).is_empty() {
        let step = EventStep { step: 1, left, target: Some(target), ..EventStep::new(Card::PapalBull, Power::Papacy) };
        game.stack.push(Frame::Event(step));
    }
}
