//! Helpers shared by the integration tests. Each test file uses its own
//! part of them.
#![allow(dead_code)]

use here_i_stand::{
    Action, Card, CardKind, Decider, Dice, EditError, Event, Faction, Game, LandUnits, Leader, LeaderLocation,
    MinorPower, NavalLocation, NavalUnits, Phase, Power, Scenario, SeaZone, Setup, Space, SpaceKind,
};

/// Gives `power` keys (in space order, in play, held by someone else) until
/// it holds `n`.
pub fn hold_keys(game: &mut Game, power: Power, n: usize) -> Result<(), EditError> {
    let others: Vec<Space> = Space::ALL
        .into_iter()
        .filter(|&s| s.kind() == SpaceKind::Key && game.in_play(s))
        .filter(|&s| game.controller(s) != Faction::from(power))
        .collect();
    let mut others = others.into_iter();
    while game.keys_controlled(power).len() < n {
        let key = others.next().expect("enough keys on the map");
        game.set_controller(key, power.into())?;
    }
    assert_eq!(game.keys_controlled(power).len(), n);
    Ok(())
}

/// Calls `check` on positions of seeded random play: `games` games, cycling
/// through the 1517, 1532 and two-player scenarios, every `every`th
/// decision. Returns how many positions were checked.
pub fn on_random_positions(games: u64, every: usize, mut check: impl FnMut(&Game)) -> usize {
    use here_i_stand::ActionList;
    let scenarios = [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer];
    let mut checked = 0;
    for (seed, scenario) in (0..games).zip(scenarios.into_iter().cycle()) {
        let mut game = Game::new(Setup::new(scenario, seed));
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut list = ActionList::new();
        for step in 0..3000 {
            game.legal_actions_into(&mut list);
            if list.is_empty() {
                break;
            }
            if step % every == 0 {
                check(&game);
                checked += 1;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = list[(state % list.len() as u64) as usize];
            game.apply(action).expect("a listed action applies");
        }
    }
    checked
}

/// A bare 1517 board (1517 control, no units) with generator seed `seed`,
/// in fast play (`Setup::fast_play`): a response window opens only for a
/// power that holds a usable card, so a test of another rule, with the
/// hands it builds, meets only the windows its hands call for. The tests
/// of the windows themselves use [`board_with_windows`].
pub fn board(seed: u64) -> Game {
    Game::empty(Setup::new(Scenario::Y1517, seed).with_fast_play(true))
}

/// A bare 1517 board with every response window asked in full (the
/// default setup).
pub fn board_with_windows(seed: u64) -> Game {
    Game::empty(Setup::new(Scenario::Y1517, seed))
}

/// A bare 1517 board in the action phase, every hand empty.
pub fn action_phase(seed: u64) -> Game {
    let mut game = board(seed);
    game.set_phase(Phase::Action).expect("a phase");
    game.run_automatic();
    game
}

/// `power` plays `card` for CP in the action phase under way: it is given
/// the card, and the powers before it pass.
pub fn play(game: &mut Game, power: Power, card: Card) {
    game.give_card(power, card).expect("a card to give");
    play_given(game, power, card);
}

/// The powers before `power` pass; `power` plays `card`, already in its
/// hand, for CP.
fn play_given(game: &mut Game, power: Power, card: Card) {
    to_impulse(game, power);
    game.apply(Action::PlayCp(card)).expect("the card for CP");
}

/// Play goes on to `power`'s impulse: the powers before it pass, and
/// every response window on the way is declined.
pub fn to_impulse(game: &mut Game, power: Power) {
    loop {
        let pending = game.pending();
        match pending.kind {
            here_i_stand::DecisionKind::Impulse if pending.power == Some(power) => return,
            here_i_stand::DecisionKind::Response => game.apply(Action::Decline).expect("a decline"),
            _ => game.apply(Action::Pass).expect("a pass"),
        }
    }
}

/// Every response window open now is declined (§6.1).
pub fn decline_windows(game: &mut Game, log: &mut Vec<Event>) {
    while game.pending().kind == here_i_stand::DecisionKind::Response {
        apply(game, Action::Decline, log);
    }
}

/// A main-deck event card worth `cp`.
pub fn card_with_cp(cp: u8) -> Card {
    Card::ALL
        .into_iter()
        .find(|c| c.cp() == cp && c.kind() == CardKind::Event && c.is_main_deck())
        .expect("a card with that CP")
}

/// The action phase begins; the powers before `power` pass; `power` plays
/// a card of `cp` for CP.
pub fn impulse(game: &mut Game, power: Power, cp: u8) {
    let card = card_with_cp(cp);
    game.give_card(power, card).expect("a card to give");
    game.set_phase(Phase::Action).expect("a phase");
    game.run_automatic();
    play_given(game, power, card);
}

/// The legal actions now, as a vector.
pub fn legal(game: &Game) -> Vec<Action> {
    game.legal_actions().to_vec()
}

/// Applies `action`, adding what happened to `log`.
pub fn apply(game: &mut Game, action: Action, log: &mut Vec<Event>) {
    game.apply_logged(action, log).unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// Applies `action` `n` times.
pub fn repeat(game: &mut Game, action: Action, n: usize, log: &mut Vec<Event>) {
    for _ in 0..n {
        apply(game, action, log);
    }
}

/// Every power asked in the combat-card windows that may only decline
/// (no combat card in hand) declines (§14 steps 4-5, §15.1 steps 5-6);
/// returns who was asked, in order.
pub fn card_windows(game: &mut Game, log: &mut Vec<Event>) -> Vec<Power> {
    let mut asked = Vec::new();
    while game.legal_actions().as_slice() == [Action::Decline] {
        let Decider::Power(p) = game.decider() else { break };
        asked.push(p);
        apply(game, Action::Decline, log);
    }
    asked
}

/// (attacker, defender, space, attacker's dice, defender's dice, winner)
/// of the field battle in `log`.
pub fn field_battle(log: &[Event]) -> Option<(Power, Faction, Space, Dice, Dice, Faction)> {
    log.iter().find_map(|e| match *e {
        Event::FieldBattle { attacker, defender, space, attacker_dice, defender_dice, winner } => {
            Some((attacker, defender, space, attacker_dice, defender_dice, winner))
        }
        _ => None,
    })
}

/// The armies of the Vienna example (§14): the Ottoman at war with the
/// Hapsburg; Suleiman, Ibrahim, 7 regulars and 1 cavalry in Pressburg
/// (Ottoman); Charles V and 8 regulars in Graz; Ferdinand and 2 regulars
/// in Vienna.
pub fn vienna_armies(game: &mut Game) -> Result<(), EditError> {
    game.set_war(Power::Ottoman, Power::Hapsburg, true)?;
    game.set_controller(Space::Pressburg, Faction::Ottoman)?;
    game.set_land_units(Space::Pressburg, Faction::Ottoman, LandUnits { regulars: 7, mercenaries: 0, cavalry: 1 })?;
    game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Pressburg))?;
    game.set_leader(Leader::Ibrahim, LeaderLocation::Space(Space::Pressburg))?;
    game.set_land_units(Space::Graz, Faction::Hapsburg, LandUnits::regulars(8))?;
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Graz))?;
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(2))?;
    game.set_leader(Leader::Ferdinand, LeaderLocation::Space(Space::Vienna))
}

/// The position of the winter example in Italy (§19.3; seed 001): the
/// Hapsburg, France and the Papacy at war with each other, Genoa allied to
/// France and Venice to the Hapsburg, the Schmalkaldic League formed;
/// Charles V and 4 Hapsburg regulars in Turin, Montmorency and 5 French
/// regulars in Milan, 2 Genoese regulars in Genoa, 5 Papal regulars in
/// Trent and 1 in Ravenna.
pub fn winter_in_italy(game: &mut Game) -> Result<(), EditError> {
    game.set_war(Power::Hapsburg, Power::France, true)?;
    game.set_war(Power::Hapsburg, Power::Papacy, true)?;
    game.set_war(Power::France, Power::Papacy, true)?;
    game.set_alliance(Power::France, MinorPower::Genoa, true)?;
    game.set_alliance(Power::Hapsburg, MinorPower::Venice, true)?;
    game.set_schmalkaldic_league(true)?;
    for (space, faction) in [
        (Space::Turin, Faction::Hapsburg),
        (Space::Geneva, Faction::Hapsburg),
        (Space::Modena, Faction::Hapsburg),
        (Space::Pavia, Faction::France),
        (Space::Florence, Faction::Papacy),
        (Space::Strasburg, Faction::Protestant),
    ] {
        game.set_controller(space, faction)?;
    }
    game.set_land_units(Space::Turin, Faction::Hapsburg, LandUnits::regulars(4))?;
    game.set_leader(Leader::CharlesV, LeaderLocation::Space(Space::Turin))?;
    game.set_land_units(Space::Milan, Faction::France, LandUnits::regulars(5))?;
    game.set_leader(Leader::Montmorency, LeaderLocation::Space(Space::Milan))?;
    game.set_land_units(Space::Genoa, Faction::Genoa, LandUnits::regulars(2))?;
    game.set_land_units(Space::Trent, Faction::Papacy, LandUnits::regulars(5))?;
    game.set_land_units(Space::Ravenna, Faction::Papacy, LandUnits::regulars(1))
}

/// The powers before `power` pass; `power` plays `card` (given to it) as
/// its event; returns the events reported.
pub fn event(game: &mut Game, power: Power, card: Card) -> Vec<Event> {
    game.give_card(power, card).unwrap();
    to_impulse(game, power);
    let mut log = Vec::new();
    apply(game, Action::PlayEvent(card), &mut log);
    log
}

/// The action phase begins and `power` plays for CP a card of `cp` that
/// every scenario's deck keeps (given to it); the decisions before its
/// impulse decline or pass (a card's offer too, as Venetian Informant's).
pub fn impulse_declining(game: &mut Game, power: Power, cp: u8) {
    let card = Card::ALL
        .into_iter()
        .find(|c| c.cp() == cp && c.kind() == CardKind::Event && c.is_main_deck() && !c.not_in_two_player())
        .expect("a card with that CP");
    game.give_card(power, card).expect("a card to give");
    game.set_phase(Phase::Action).expect("a phase");
    game.run_automatic();
    while game.decider() != Decider::Power(power) || game.pending().kind != here_i_stand::DecisionKind::Impulse {
        let next = if game.is_legal(&Action::Decline) { Action::Decline } else { Action::Pass };
        game.apply(next).expect("a decline or a pass");
    }
    game.apply(Action::PlayCp(card)).expect("the card for CP");
}

/// Whether `power`, at its impulse, is offered `card` as an event.
pub fn offered(game: &mut Game, power: Power, card: Card) -> bool {
    game.give_card(power, card).unwrap();
    to_impulse(game, power);
    legal(game).contains(&Action::PlayEvent(card))
}

/// Sets each power's bonus VP so that its VP total is `totals[power]`.
pub fn set_totals(game: &mut Game, totals: [i8; 6]) -> Result<(), EditError> {
    for p in Power::ALL {
        game.set_bonus_vp(p, 0)?;
        let without = here_i_stand::rules::victory::vp(game, p).total();
        game.set_bonus_vp(p, totals[p.index()] - without)?;
    }
    assert_eq!(here_i_stand::rules::victory::vp_totals(game), totals);
    Ok(())
}

/// Answers `done` for every power asked in the negotiation segment
/// (§9.1): no deal is proposed. For tests of the later segments.
pub fn skip_negotiation(game: &mut Game) {
    while game.pending().kind == here_i_stand::DecisionKind::Negotiation {
        game.apply(Action::Done).expect("done with negotiation");
    }
}

/// Sets `game` in the diplomacy phase, runs its automatic steps and skips
/// the negotiation segment.
pub fn enter_diplomacy_after_negotiation(game: &mut Game) {
    game.set_phase(Phase::Diplomacy).expect("a phase");
    game.run_automatic();
    skip_negotiation(game);
}

/// A port as a naval location.
pub fn port(space: Space) -> NavalLocation {
    NavalLocation::Port(space)
}

/// A sea zone as a naval location.
pub fn sea(zone: SeaZone) -> NavalLocation {
    NavalLocation::Sea(zone)
}

/// `n` squadrons.
pub fn squadrons(n: u8) -> NavalUnits {
    NavalUnits::squadrons(n)
}

/// A bare 1517 board at the start of the diplomacy phase of `turn`, built
/// by `edit`, its automatic steps run: the negotiation segment is asking.
pub fn at_negotiation(turn: u8, edit: impl FnOnce(&mut Game) -> Result<(), EditError>) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 9).with_fast_play(true));
    game.set_turn(turn).unwrap();
    edit(&mut game).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    game.run_automatic();
    game
}

/// The naval battle in `log`: (attacker, defender, its place, winner).
pub fn naval_battle(log: &[Event]) -> Option<(Power, Faction, NavalLocation, Faction)> {
    log.iter().find_map(|e| match *e {
        Event::NavalBattle { at, attacker, defender, winner, .. } => Some((attacker, defender, at, winner)),
        _ => None,
    })
}

/// Every naval retreat asked for goes to the first place offered.
pub fn retreat_first(game: &mut Game, log: &mut Vec<Event>) -> Vec<Power> {
    let mut asked = Vec::new();
    while game.pending().kind == here_i_stand::DecisionKind::NavalRetreat {
        let Decider::Power(power) = game.decider() else { break };
        asked.push(power);
        let first = legal(game)[0];
        apply(game, first, log);
    }
    asked
}

/// A bare two-player board at the diplomacy phase of `turn`, with `deck` in
/// the diplomatic draw pile (late cards allowed).
pub fn dip_phase(turn: u8, deck: &[Card]) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5));
    game.set_turn(turn).unwrap();
    game.set_dip_late_cards_added(true).unwrap();
    for &card in deck {
        game.put_card_in_dip_deck(card).unwrap();
    }
    game.set_phase(Phase::Diplomacy).unwrap();
    game
}
