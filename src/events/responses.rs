//! Response cards (#31-#38, #115, §6.1): their uses in the response
//! windows of another power's impulse (`frames::responses`), and, where
//! their text allows it, as events in the player's own impulse (#33
//! Landsknechts, #36 Swiss Mercenaries, #38 Halley's Comet).

use super::{CardEvent, Combat, EventStep, Leaves, Response, Steps, always};
use crate::action::Action;
use crate::engine::{ActionList, Log, impulse_powers};
use crate::event::Event;
use crate::frames::Frame;
use crate::frames::responses::{Answer, Moment, Window};
use crate::game::{Game, LandUnits};
use crate::rules::combat_cards::{BattleKind, ROWERS_MODIFIER, SIEGE_ARTILLERY_DICE, Seat};
use crate::rules::peace::drawable_cards;
use crate::sets::EnumSet;
use crate::types::{Card, Faction, LandUnitKind, Power, Space};
use crate::types::{CardKind, Debater, Leader, LeaderKind};

pub(super) const EVENTS: &[CardEvent] = &[
    CardEvent::plain(Card::Landsknechts, landsknechts_playable, landsknechts)
        .with_combat(Combat {
            after_roll: false,
            allowed: before_field_battle,
            play: |game, seat, log| landsknechts(game, seat.power, log),
        })
        .with_response(Response {
            usable: |g, w| any_time(w) && landsknechts_playable(g, w.power),
            play: |g, w, log| respond_with(g, w, landsknechts, log),
        })
        .with_steps(MERCENARY_STEPS),
    CardEvent::plain(Card::SwissMercenaries, swiss_playable, swiss_mercenaries)
        .with_combat(Combat {
            after_roll: false,
            allowed: before_field_battle,
            play: |game, seat, log| swiss_mercenaries(game, seat.power, log),
        })
        .with_response(Response {
            usable: |g, w| any_time(w) && swiss_playable(g, w.power),
            play: |g, w, log| respond_with(g, w, swiss_mercenaries, log),
        })
        .with_steps(MERCENARY_STEPS),
    CardEvent::plain(Card::HalleysComet, always, |game, power, _| {
        game.stack.push(Frame::Event(EventStep::new(Card::HalleysComet, power)))
    })
    .with_response(Response {
        usable: |_, w| w.power != w.actor,
        play: |g, w, _| {
            g.stack.push(Frame::Event(EventStep::new(Card::HalleysComet, w.power)));
            Answer::Continue
        },
    })
    .with_steps(Steps {
        prompt: |_| "a power to discard a random card, or a power to skip its next impulse",
        actions: halleys_comet_actions,
        apply: halleys_comet_apply,
        fits: |step| step.step == 0,
    }),
    CardEvent::plain(Card::FoulWeather, |_, _| false, |_, _, _| {})
        .with_response(Response { usable: foul_weather_usable, play: foul_weather }),
    CardEvent::plain(Card::Gout, |_, _| false, |_, _, _| {})
        .with_response(Response { usable: |g, w| !gout_targets(g, w).is_empty(), play: gout })
        .with_steps(Steps {
            prompt: |_| "the army leader Gout strikes",
            actions: gout_actions,
            apply: gout_apply,
            fits: |step| step.step == 0,
        }),
    CardEvent::plain(Card::TheWartburg, |_, _| false, |_, _, _| {})
        .with_response(Response { usable: wartburg_usable, play: the_wartburg }),
    CardEvent::plain(
        Card::ThomasCromwell,
        |_, power| power == Power::England,
        |game, power, _| game.stack.push(Frame::Event(EventStep::new(Card::ThomasCromwell, power))),
    )
    .with_leaves(Leaves::If(|game, _| game.succession.results & LOW_PREGNANCY_RESULTS != 0))
    .with_response(Response { usable: cromwell_usable, play: |_, _, _| Answer::Cancel })
    .with_steps(Steps {
        prompt: |_| "Dissolution of the Monasteries to take back, or a treatise to publish in England",
        actions: cromwell_actions,
        apply: cromwell_apply,
        fits: |step| step.step == 0 && step.power == Power::England,
    }),
    CardEvent::plain(Card::ProfessionalRowers, |_, _| false, |_, _, _| {})
        .with_combat(Combat {
            after_roll: true,
            allowed: |seat| seat.kind == BattleKind::Naval,
            play: |game, seat, _| game.stack.push(Frame::Event(EventStep::new(Card::ProfessionalRowers, seat.power))),
        })
        .with_response(Response {
            usable: |_, w| matches!(w.moment, Moment::NavalRoll { .. }),
            play: |game, w, _| {
                let step = EventStep { step: ROWERS_ROLL, ..EventStep::new(Card::ProfessionalRowers, w.power) };
                game.stack.push(Frame::Event(step));
                Answer::Continue
            },
        })
        .with_steps(Steps {
            prompt: |step| match step.step {
                ROWERS_DICE_STEP => "the side Professional Rowers gives 3 dice: its attacker's or its defender's power",
                _ => "whose side Professional Rowers takes: the roller's (+2) or the active power's (-2)",
            },
            actions: rowers_actions,
            apply: rowers_apply,
            fits: |step| matches!(step.step, ROWERS_DICE_STEP | ROWERS_ROLL),
        }),
    CardEvent::plain(Card::SiegeArtillery, |_, _| false, |_, _, _| {}).with_combat(Combat {
        after_roll: true,
        allowed: siege_artillery_allowed,
        play: siege_artillery,
    }),
];

/// The pregnancy chart results 1, 2 and 3 (bits of `Succession::results`):
/// after one of them, #115 Thomas Cromwell leaves the game when played as
/// an event.
const LOW_PREGNANCY_RESULTS: u8 = 0b1110;

/// #115 Thomas Cromwell as a response: by a power other than the Papacy,
/// to cancel Papal Bull's excommunication of Cranmer, announced
/// (`Moment::Choice`).
fn cromwell_usable(_: &Game, window: Window) -> bool {
    let Moment::Choice { step, action } = window.moment else { return false };
    step.card == Card::PapalBull
        && action == Action::ExcommunicateReformer(crate::types::Reformer::Cranmer)
        && window.power != window.actor
}

/// #115 Thomas Cromwell as an event, England's (ruling E12): take
/// Dissolution of the Monasteries from the discard pile into England's
/// hand, or publish a treatise in the English zone (2 Reformation
/// attempts), after which English treatises cost 2 CP for the rest of the
/// turn (`Succession::cromwell_treatises`).
fn cromwell_actions(game: &Game, _: EventStep, list: &mut ActionList) {
    // §6.2: not a card England played this turn.
    if crate::rules::home_cards::may_retrieve(game, Power::England, Card::DissolutionOfTheMonasteries) {
        list.push(Action::Retrieve(Card::DissolutionOfTheMonasteries));
    }
    list.push(Action::PublishTreatise(crate::types::LanguageZone::English));
}

fn cromwell_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::Retrieve(card) => {
            game.retrieve_from_discard(Power::England, card, log);
        }
        Action::PublishTreatise(zone) => {
            game.succession.cromwell_treatises = true;
            game.publish_treatise(step.power, zone);
        }
        _ => {}
    }
}

/// #34 Professional Rowers' steps: 0, after the dice of a naval battle,
/// the side it gives 3 dice; 1, the side it takes in a naval
/// interception or avoid-battle roll.
const ROWERS_DICE_STEP: u8 = 0;
const ROWERS_ROLL: u8 = 1;

/// The two sides of #34's choice, each named by its power: in a naval
/// battle (the window under the step), its attacker and its defender's
/// major power (a side with none, an inactive minor's, is no player's and
/// cannot be given the dice: ruling E11); at a roll, the roller and the
/// active power.
fn rowers_sides(game: &Game, step: EventStep) -> (Power, Option<Power>) {
    match step.step {
        ROWERS_DICE_STEP => {
            let battle = (0..crate::frames::MAX_FRAMES).find_map(|d| match game.stack.below(d) {
                Some(&Frame::NavalCombat {
                    power,
                    stage: crate::frames::naval_war::CombatStage::Battle { enemy, .. },
                    ..
                }) => Some((power, crate::rules::battle::commander(game, enemy))),
                _ => None,
            });
            battle.unwrap_or((step.power, None))
        }
        _ => match game.stack.below(1) {
            Some(&Frame::Response(Window { moment: Moment::NavalRoll { power, .. }, actor, .. })) => {
                (power, Some(actor))
            }
            _ => (step.power, None),
        },
    }
}

fn rowers_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    let (first, second) = rowers_sides(game, step);
    list.push(Action::TargetPower(first));
    list.extend(second.filter(|&p| p != first).map(Action::TargetPower));
}

/// #34 Professional Rowers: 3 more dice for the chosen side of the naval
/// battle, after both sides' rolls (not piracy: its window is the battle's
/// own); or +2 to the roller's roll (its side chosen) or -2 (the active
/// power's side chosen).
fn rowers_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    let (first, _) = rowers_sides(game, step);
    game.stack.pop();
    let Action::TargetPower(side) = action else { return };
    match step.step {
        ROWERS_DICE_STEP => {
            let dice = game.roll_dice(crate::rules::combat_cards::ROWERS_DICE);
            game.war.cards.rowers_rolled[usize::from(side != first)] = dice;
            log.event(Event::CombatCardDice { power: side, card: Card::ProfessionalRowers, dice });
        }
        _ => {
            let by = if side == first { ROWERS_MODIFIER } else { -ROWERS_MODIFIER };
            game.war.roll_modifier = by;
            log.event(Event::RollModified { power: first, by });
        }
    }
}

/// #35 Siege Artillery: after both sides' rolls in an assault (§15.1 step
/// 8), by any power, where the assaulting power traces a line of
/// communication of 4 or fewer land spaces to one of its fortified home
/// spaces (`rules::loc::land_loc_within`).
fn siege_artillery_allowed(seat: Seat) -> bool {
    seat.kind == BattleKind::Assault && seat.siege_artillery_loc
}

/// #35 Siege Artillery: the attacker rolls 2 more dice, hitting on 3-6.
fn siege_artillery(game: &mut Game, seat: Seat, log: &mut dyn Log) {
    let dice = game.roll_dice(SIEGE_ARTILLERY_DICE);
    game.war.cards.artillery_rolled = dice;
    log.event(Event::CombatCardDice { power: seat.power, card: Card::SiegeArtillery, dice });
}

/// Plays a card that is also an event of the player's own impulse as a
/// response: the same effect, its decisions above the window, which then
/// asks the player again.
fn respond_with(
    game: &mut Game,
    window: Window,
    event: fn(&mut Game, Power, &mut dyn Log),
    log: &mut dyn Log,
) -> Answer {
    event(game, window.power, log);
    Answer::Continue
}

/// #33 Landsknechts and #36 Swiss Mercenaries are usable at any time
/// (ruling E7): by any power in another power's window, and by the power
/// itself as its assault is declared (§15.1 step 2: "the active player has
/// one final chance").
fn any_time(window: Window) -> bool {
    window.power != window.actor || matches!(window.moment, Moment::Assault { .. })
}

/// #33 Landsknechts and #36 Swiss Mercenaries before a field battle (§14
/// step 1: "both sides, starting with the attacker, have one final
/// chance"): in the battle's first card window, by a power fighting in
/// it. Its mercenaries go where `mercenary_spaces` allows, the battle's
/// space among them for a defender there (ruling E7).
fn before_field_battle(seat: Seat) -> bool {
    seat.kind == BattleKind::Field && seat.fighting
}

/// #31 Foul Weather: another power's CP committed to a land move, an
/// assault, piracy, a naval move or a naval transport (§13.1 step 4,
/// §15.1 step 2, §16.1 step 3, §16.3, §16.4).
fn foul_weather_usable(_: &Game, window: Window) -> bool {
    window.power != window.actor && window.moment.is_military()
}

/// #31 Foul Weather: the announced action is canceled and 1 of its CP is
/// lost (ruling E8); for the rest of the impulse no unit of that power
/// moves more than 1 space, and it may not assault, pirate, move ships or
/// transport (`WarState::foul_weather`).
fn foul_weather(game: &mut Game, _: Window, _: &mut dyn Log) -> Answer {
    game.war.foul_weather = true;
    Answer::Cancel
}

/// #32 Gout: the army leaders of the formation another power committed
/// to a land move or an assault (§13.1 step 4, §15.1 step 2).
fn gout_targets(game: &Game, window: Window) -> EnumSet<Leader> {
    if window.power == window.actor {
        return EnumSet::EMPTY;
    }
    let leaders: EnumSet<Leader> = match window.moment {
        Moment::Move { leaders, .. } => leaders,
        // Charles V's transfer by Holy Roman Emperor (#2): "it stops any
        // transfer he has just announced".
        Moment::Choice { step, action: Action::PlaceAt(_) } if step.card == Card::HolyRomanEmperor => {
            [Leader::CharlesV].into_iter().collect()
        }
        Moment::Assault { space } => game.army_leaders_at(space, Faction::from(window.actor)).collect(),
        _ => EnumSet::EMPTY,
    };
    leaders.iter().filter(|l| l.kind() == LeaderKind::Army).collect()
}

/// #32 Gout: one army leader of the formation (the player's choice when it
/// has several) may not move or assault this impulse; the announced move
/// or assault is canceled and 1 of its CP is lost (ruling E8).
fn gout(game: &mut Game, window: Window, _: &mut dyn Log) -> Answer {
    let targets = gout_targets(game, window);
    match targets.iter().next() {
        Some(leader) if targets.len() == 1 => {
            game.war.gout.insert(leader);
            Answer::Cancel
        }
        _ => {
            game.stack.push(Frame::Event(EventStep::new(Card::Gout, window.power)));
            Answer::Continue
        }
    }
}

fn gout_actions(game: &Game, _: EventStep, list: &mut ActionList) {
    if let Some(&Frame::Response(window)) = game.stack.below(1) {
        list.extend(gout_targets(game, window).iter().map(Action::AddLeader));
    }
}

fn gout_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    if let Action::AddLeader(leader) = action {
        game.war.gout.insert(leader);
        game.cancel_in_window(Card::Gout, log);
    }
}

/// #37 The Wartburg: the Protestant, Luther alive, cancels another power's
/// card played as an event, but a mandatory event, a combat or response
/// card, or a home card other than the Papacy's (Papal Bull and Leipzig
/// Debate may be canceled).
fn wartburg_usable(game: &Game, window: Window) -> bool {
    let Moment::Event { card } = window.moment else { return false };
    let cancelable = match card.kind() {
        CardKind::Mandatory | CardKind::Combat | CardKind::Response => false,
        CardKind::Home => matches!(card, Card::PapalBull | Card::LeipzigDebate),
        _ => true,
    };
    window.power == Power::Protestant
        && window.actor != Power::Protestant
        && cancelable
        && crate::rules::debate::in_play(game.debater_state(Debater::Luther))
}

/// #37 The Wartburg: the event is discarded unresolved and its player's
/// impulse is over. For the rest of the turn the Protestant may not call
/// debates and Luther may not come into one with Here I Stand (both read
/// "The Wartburg played this turn"); Luther is committed.
fn the_wartburg(game: &mut Game, _: Window, log: &mut dyn Log) -> Answer {
    if game.debater_state(Debater::Luther) == crate::game::DebaterState::Uncommitted {
        game.debaters[Debater::Luther.index()] = crate::game::DebaterState::Committed;
        log.event(Event::DebaterCommitted(Debater::Luther));
    }
    Answer::Cancel
}

/// The decisions of #33 and #36, one mercenary at a time.
const MERCENARY_STEPS: Steps = Steps {
    prompt: mercenaries_prompt,
    actions: mercenaries_actions,
    apply: mercenaries_apply,
    fits: mercenaries_fits,
};

/// The steps of the mercenary cards: 0, place `left` new mercenaries of
/// `target`; 1, the Ottoman eliminates `left` mercenaries anywhere.
const PLACE: u8 = 0;
const ELIMINATE: u8 = 1;

/// The new mercenaries #33 Landsknechts gives: the Hapsburg 4, others 2.
pub const LANDSKNECHTS_HAPSBURG: u8 = 4;
/// The mercenaries #33 Landsknechts lets the Ottoman eliminate.
pub const LANDSKNECHTS_OTTOMAN: u8 = 2;
/// The new mercenaries #33 and #36 give any other power.
pub const MERCENARIES_OTHERS: u8 = 2;
/// The new French mercenaries #36 Swiss Mercenaries gives when France or
/// the Ottoman plays it.
pub const SWISS_FRENCH: u8 = 4;

/// Where `power` may place a new mercenary by #33 or #36: a space in play
/// already holding friendly land units (its own or an ally's: "friendly",
/// §2 glossary), not a stack under siege, where its counters allow one
/// more mercenary (§5.2); in the two-player game, inside the zones its
/// units may stand in (§24.3, `two_player::may_stand`); not where an
/// enemy's land units stand outside a siege (ruling RB1). Nowhere for the
/// Protestant before the Schmalkaldic League, which never gains
/// mercenaries (§21.6).
pub(crate) fn mercenary_spaces(game: &Game, power: Power) -> EnumSet<Space> {
    let mut spaces = EnumSet::EMPTY;
    let Some(mut probe) = MercenaryProbe::new(game, power) else {
        return spaces;
    };
    for (space, faction, units, besieged) in game.land_stack_tuples() {
        if !spaces.contains(space) && probe.takes(game, space, faction, units, besieged) {
            spaces.insert(space);
        }
    }
    spaces
}

/// Whether `mercenary_spaces` is not empty, found at its first space.
pub(crate) fn has_mercenary_space(game: &Game, power: Power) -> bool {
    let Some(mut probe) = MercenaryProbe::new(game, power) else {
        return false;
    };
    game.land_stack_tuples().any(|(space, faction, units, besieged)| probe.takes(game, space, faction, units, besieged))
}

/// The tests of `mercenary_spaces` for one power, with what they share
/// over the stacks found once: the friendly factions, the spaces where an
/// enemy's land units stand outside a siege or the power's own are
/// besieged (one pass over the stacks), and the counter-mix answers.
struct MercenaryProbe {
    power: Power,
    own: Faction,
    friendly: EnumSet<Faction>,
    barred: EnumSet<Space>,
    fits: crate::rules::construction::FitsCache,
}

impl MercenaryProbe {
    /// `None` when `power` may place no mercenary at all (the Protestant
    /// before the Schmalkaldic League, §21.6).
    fn new(game: &Game, power: Power) -> Option<MercenaryProbe> {
        if crate::rules::religion::before_league_protestant(game, power) {
            return None;
        }
        let own = Faction::from(power);
        let mut friendly = game.own_factions(power);
        for p in Power::ALL {
            if game.allied(power, p) {
                friendly.insert(Faction::from(p));
            }
        }
        // Where the power's own units are besieged, or an enemy's land
        // units stand outside a siege (ruling RB1).
        let enemies: EnumSet<Faction> = Faction::ALL.into_iter().filter(|&f| game.is_enemy(power, f)).collect();
        let mut barred = EnumSet::EMPTY;
        for (space, faction, units, besieged) in game.land_stack_tuples() {
            let own_besieged = faction == own && besieged;
            if own_besieged || (!besieged && !units.is_empty() && enemies.contains(faction)) {
                barred.insert(space);
            }
        }
        Some(MercenaryProbe { power, own, friendly, barred, fits: Default::default() })
    }

    /// Whether this land stack makes `space` one of `mercenary_spaces`.
    fn takes(&mut self, game: &Game, space: Space, faction: Faction, units: LandUnits, besieged: bool) -> bool {
        let own = self.own;
        self.friendly.contains(faction)
            && !units.is_empty()
            && !besieged
            && !self.barred.contains(space)
            && game.in_play(space)
            && crate::rules::two_player::may_stand(game, self.power, space)
            && self.fits.one_more(game, own, space, game.land_units(space, own), LandUnitKind::Mercenary)
    }
}

/// Spaces holding mercenaries of any power, for the Ottoman's #33.
fn mercenaries_anywhere(game: &Game) -> EnumSet<Space> {
    game.land_stack_tuples().filter(|&(_, _, units, _)| units.mercenaries > 0).map(|(space, ..)| space).collect()
}

/// #33 Landsknechts as an event: only a power that could place or
/// eliminate a mercenary.
fn landsknechts_playable(game: &Game, power: Power) -> bool {
    match power {
        Power::Ottoman => !mercenaries_anywhere(game).is_empty(),
        _ => has_mercenary_space(game, power),
    }
}

/// #33 Landsknechts (event in the player's own impulse): the Hapsburg
/// places 4 new Hapsburg mercenaries; the Ottoman eliminates 2 mercenaries
/// anywhere on the map; any other power places 2 new mercenaries, one at
/// a time, in spaces `mercenary_spaces` allows.
fn landsknechts(game: &mut Game, power: Power, _: &mut dyn Log) {
    let step = match power {
        Power::Hapsburg => place_step(Card::Landsknechts, power, LANDSKNECHTS_HAPSBURG),
        Power::Ottoman => {
            EventStep { step: ELIMINATE, left: LANDSKNECHTS_OTTOMAN, ..EventStep::new(Card::Landsknechts, power) }
        }
        _ => place_step(Card::Landsknechts, power, MERCENARIES_OTHERS),
    };
    next_mercenary(game, step);
}

/// The power whose mercenaries #36 Swiss Mercenaries places: France when
/// France or the Ottoman plays it, else the player.
fn swiss_placer(power: Power) -> (Power, u8) {
    match power {
        Power::France | Power::Ottoman => (Power::France, SWISS_FRENCH),
        _ => (power, MERCENARIES_OTHERS),
    }
}

/// #36 Swiss Mercenaries as an event: only if its mercenaries have somewhere to go.
fn swiss_playable(game: &Game, power: Power) -> bool {
    has_mercenary_space(game, swiss_placer(power).0)
}

/// #36 Swiss Mercenaries (event in the player's own impulse): played by
/// France or the Ottoman, France places 4 new French mercenaries; played
/// by another power, it places 2 new mercenaries of its own; in spaces
/// `mercenary_spaces` allows, one at a time.
fn swiss_mercenaries(game: &mut Game, power: Power, _: &mut dyn Log) {
    let (placer, count) = swiss_placer(power);
    next_mercenary(game, place_step(Card::SwissMercenaries, placer, count));
}

fn place_step(card: Card, power: Power, left: u8) -> EventStep {
    EventStep { step: PLACE, left, ..EventStep::new(card, power) }
}

/// Asks for the next mercenary of `step` if one is left and has a place
/// (beyond the counters or with no place left, the rest are not placed).
fn next_mercenary(game: &mut Game, step: EventStep) {
    let open = match step.step {
        ELIMINATE => !mercenaries_anywhere(game).is_empty(),
        _ => has_mercenary_space(game, step.power),
    };
    if step.left > 0 && open {
        game.stack.push(Frame::Event(step));
    }
}

fn mercenaries_prompt(step: EventStep) -> &'static str {
    match step.step {
        ELIMINATE => "a space, then whose mercenary there is eliminated",
        _ => "where a new mercenary is placed",
    }
}

fn mercenaries_fits(step: EventStep) -> bool {
    match step.step {
        PLACE => (1..=SWISS_FRENCH).contains(&step.left),
        ELIMINATE => step.power == Power::Ottoman && (1..=LANDSKNECHTS_OTTOMAN).contains(&step.left),
        _ => false,
    }
}

fn mercenaries_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    match step.step {
        ELIMINATE => {
            for space in mercenaries_anywhere(game) {
                list.push(Action::RemoveUnitIn(space));
            }
        }
        _ => list.extend(mercenary_spaces(game, step.power).iter().map(Action::PlaceAt)),
    }
}

fn mercenaries_apply(game: &mut Game, step: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::PlaceAt(space) => {
            let own = Faction::from(step.power);
            let units = game.land_units(space, own).plus_one(LandUnitKind::Mercenary);
            game.put_units(space, own, units, false);
            log.event(Event::LandUnitsPlaced { faction: own, space, units: LandUnits::mercenaries(1) });
        }
        Action::RemoveUnitIn(space) => {
            // The Ottoman's choice is the space; there the mercenary lost is
            // of the first power in impulse order holding one (our ruling:
            // the card names no owner, and a stack of two powers' mercenaries
            // is rare; see docs/rulings.md).
            let Some(faction) = mercenary_owner(game, space) else { return };
            game.remove_units(space, faction, LandUnits::mercenaries(1), log);
        }
        _ => return,
    }
    next_mercenary(game, EventStep { left: step.left.saturating_sub(1), ..step });
}

/// The faction whose mercenary #33 eliminates in `space`.
fn mercenary_owner(game: &Game, space: Space) -> Option<Faction> {
    game.land_units_in(space).find(|&(_, units, _)| units.mercenaries > 0).map(|(faction, ..)| faction)
}

/// #38 Halley's Comet as an event in the player's own impulse (its
/// activity for the impulse): (a) a random card, never a home card (§6.1:
/// home cards are ignored in random draws), is discarded from another
/// power's hand, or (b) another power skips its next impulse, which is not
/// a pass (`Game::skip_impulse`). Our ruling: the target is another power,
/// one that takes impulses (and for (a), holds a card).
fn halleys_comet_actions(game: &Game, step: EventStep, list: &mut ActionList) {
    for &power in impulse_powers(game.scenario()) {
        if power != step.power && !drawable_cards(game, power).is_empty() {
            list.push(Action::RandomDiscard(power));
        }
    }
    for &power in impulse_powers(game.scenario()) {
        if power != step.power {
            list.push(Action::SkipImpulse(power));
        }
    }
}

fn halleys_comet_apply(game: &mut Game, _: EventStep, action: Action, log: &mut dyn Log) {
    game.stack.pop();
    match action {
        Action::RandomDiscard(power) => {
            if let Some(card) = game.take_random_card(power) {
                game.discard.insert(card);
                log.event(Event::CardDiscarded { power, card });
            }
        }
        Action::SkipImpulse(power) => {
            game.skip_impulse.insert(power);
            log.event(Event::ImpulseToSkip(power));
        }
        _ => {}
    }
}
