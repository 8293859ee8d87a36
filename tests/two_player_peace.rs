//! The two-player variant's ending of wars (§24.3): at the start of the
//! diplomacy phase the Papacy may end a war with France or the Hapsburg by
//! #5 Papal Bull's two-player face, or by suing for peace, whose War
//! Winner VP go to the Protestant (rulings TP1-TP4).

use here_i_stand::*;

use crate::common;
use common::legal;

type R = Result<(), Box<dyn std::error::Error>>;

/// A bare two-player board at the diplomacy phase of `turn`, the Papacy
/// holding Papal Bull and at war with France, edited by `edit`, with its
/// automatic steps run.
fn at_war_with_france(turn: u8, edit: impl FnOnce(&mut Game) -> Result<(), EditError>) -> Game {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 3));
    game.set_turn(turn).unwrap();
    game.give_card(Power::Papacy, Card::PapalBull).unwrap();
    game.set_war(Power::France, Power::Papacy, true).unwrap();
    for card in [Card::Arquebusiers, Card::FieldArtillery, Card::SiegeArtillery] {
        game.put_card_in_deck(card).unwrap();
    }
    edit(&mut game).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    game.run_automatic();
    game
}

/// France holds Ravenna with two regulars.
fn france_in_ravenna(game: &mut Game) -> Result<(), EditError> {
    game.set_controller(Space::Ravenna, Faction::France)?;
    game.set_land_units(Space::Ravenna, Faction::France, LandUnits { regulars: 2, ..LandUnits::NONE })
}

fn apply(game: &mut Game, action: Action) {
    game.apply(action).unwrap_or_else(|e| panic!("{action}: {e}"));
}

/// Whether the Papacy is still asked to end a war.
fn asked_to_end_a_war(game: &Game) -> bool {
    game.phase() == Phase::Diplomacy
        && legal(game).iter().any(|a| matches!(a, Action::ExcommunicateRuler(_) | Action::SueForPeace(_)))
}

#[test]
fn papal_bull_ends_the_war_and_regains_a_home_space() -> R {
    let mut game = at_war_with_france(3, france_in_ravenna);
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    let offered = legal(&game);
    assert!(offered.contains(&Action::ExcommunicateRuler(Ruler::FrancisI)), "{offered:?}");
    assert!(offered.contains(&Action::SueForPeace(Power::France)), "France holds a Papal home space");
    assert!(offered.contains(&Action::Done));
    apply(&mut game, Action::ExcommunicateRuler(Ruler::FrancisI));
    assert!(!game.at_war(Power::France, Power::Papacy));
    assert!(game.is_excommunicated(Ruler::FrancisI));
    assert!(game.rulers_excommunicated().contains(Ruler::FrancisI));
    assert!(!game.hand(Power::Papacy).contains(Card::PapalBull));
    // The benefit: Ravenna back, or a card.
    assert_eq!(legal(&game), [Action::DrawFromDeck, Action::Regain(Space::Ravenna)]);
    let hand = game.hand(Power::Papacy).len();
    apply(&mut game, Action::Regain(Space::Ravenna));
    assert_eq!(game.controller(Space::Ravenna), Faction::Papacy);
    assert_eq!(game.land_units(Space::Ravenna, Faction::France), LandUnits::NONE, "the French are displaced");
    assert_eq!(game.hand(Power::Papacy).len(), hand, "no card with the space");
    assert!(!asked_to_end_a_war(&game), "no war left to end");
    Ok(())
}

#[test]
fn papal_bull_draws_a_card_instead() -> R {
    let mut game = at_war_with_france(3, france_in_ravenna);
    apply(&mut game, Action::ExcommunicateRuler(Ruler::FrancisI));
    let hand = game.hand(Power::Papacy).len();
    apply(&mut game, Action::DrawFromDeck);
    assert_eq!(game.hand(Power::Papacy).len(), hand + 1);
    assert_eq!(game.controller(Space::Ravenna), Faction::France, "the space stays French");
    Ok(())
}

#[test]
fn papal_bull_with_nothing_to_regain_draws_at_once() -> R {
    // France holds no Papal home space: no suing, only the bull; its
    // benefit is then the card, with no decision.
    let mut game = at_war_with_france(3, |_| Ok(()));
    assert_eq!(legal(&game), [Action::Done, Action::ExcommunicateRuler(Ruler::FrancisI)]);
    let hand = game.hand(Power::Papacy).len();
    apply(&mut game, Action::ExcommunicateRuler(Ruler::FrancisI));
    assert_eq!(game.hand(Power::Papacy).len(), hand, "the bull left, a card came");
    assert!(!game.at_war(Power::France, Power::Papacy));
    assert!(!asked_to_end_a_war(&game));
    Ok(())
}

#[test]
fn papal_bull_ends_a_hapsburg_war_too() -> R {
    let mut game = at_war_with_france(3, |g| g.set_war(Power::Hapsburg, Power::Papacy, true));
    assert!(legal(&game).contains(&Action::ExcommunicateRuler(Ruler::CharlesV)));
    apply(&mut game, Action::ExcommunicateRuler(Ruler::CharlesV));
    assert!(!game.at_war(Power::Hapsburg, Power::Papacy));
    // The card is spent: the French war stays, and nothing ends it now.
    assert!(game.at_war(Power::France, Power::Papacy));
    assert!(!asked_to_end_a_war(&game));
    Ok(())
}

#[test]
fn papal_bull_needs_the_card_a_war_and_a_ruler_never_excommunicated() -> R {
    // Without the card: France holds nothing Papal, so nothing is asked.
    let game = at_war_with_france(3, |g| g.remove_card(Card::PapalBull));
    assert!(!asked_to_end_a_war(&game));
    // Francis I excommunicated before: never again.
    let game = at_war_with_france(3, |g| g.set_ruler_excommunicated_in_game(Ruler::FrancisI, true));
    assert!(!asked_to_end_a_war(&game));
    // Henry II shares his box with Francis I (as in §21.5).
    let game = at_war_with_france(3, |g| {
        g.set_ruler(Power::France, Ruler::HenryIi)?;
        g.set_ruler_excommunicated_in_game(Ruler::FrancisI, true)
    });
    assert!(!asked_to_end_a_war(&game));
    // No war with France: nothing.
    let game = at_war_with_france(3, |g| g.set_war(Power::France, Power::Papacy, false));
    assert!(!asked_to_end_a_war(&game));
    Ok(())
}

#[test]
fn the_six_player_game_has_no_diplomacy_use_of_papal_bull() -> R {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 3));
    game.set_turn(3)?;
    game.give_card(Power::Papacy, Card::PapalBull)?;
    game.set_war(Power::France, Power::Papacy, true)?;
    france_in_ravenna(&mut game)?;
    common::enter_diplomacy_after_negotiation(&mut game);
    assert!(legal(&game).contains(&Action::SueForPeace(Power::France)));
    assert!(!legal(&game).iter().any(|a| matches!(a, Action::ExcommunicateRuler(_))));
    Ok(())
}

#[test]
fn suing_france_gives_the_protestant_the_war_winner_vp() -> R {
    let mut game = at_war_with_france(3, |g| {
        france_in_ravenna(g)?;
        g.set_controller(Space::Ancona, Faction::France)?;
        g.set_land_units(Space::Rome, Faction::Papacy, LandUnits { regulars: 4, ..LandUnits::NONE })
    });
    let (protestant, france) = (game.bonus_vp(Power::Protestant), game.bonus_vp(Power::France));
    apply(&mut game, Action::SueForPeace(Power::France));
    assert_eq!(game.bonus_vp(Power::Protestant), protestant + 1);
    assert_eq!(game.bonus_vp(Power::France), france);
    // Step 4: the Papacy removes 2 of its units.
    for _ in 0..2 {
        apply(&mut game, Action::RemoveUnitIn(Space::Rome));
        if legal(&game).contains(&Action::LoseUnit(LandUnitKind::Regular)) {
            apply(&mut game, Action::LoseUnit(LandUnitKind::Regular));
        }
    }
    assert_eq!(game.land_units(Space::Rome, Faction::Papacy).regulars, 2);
    // Step 5: Ravenna (a key) back; the price is only VP, to the Protestant.
    apply(&mut game, Action::Regain(Space::Ravenna));
    assert_eq!(legal(&game), [Action::GiveVp(Power::Protestant)]);
    apply(&mut game, Action::GiveVp(Power::Protestant));
    assert_eq!(game.bonus_vp(Power::Protestant), protestant + 2);
    assert_eq!(game.controller(Space::Ravenna), Faction::Papacy);
    assert_eq!(game.land_units(Space::Ravenna, Faction::France), LandUnits::NONE);
    // Ancona is declined: the war ends.
    while game.phase() == Phase::Diplomacy && legal(&game).contains(&Action::Decline) {
        apply(&mut game, Action::Decline);
    }
    assert!(!game.at_war(Power::France, Power::Papacy));
    assert_eq!(game.controller(Space::Ancona), Faction::France);
    // The bull is still in hand, but no war is left for it.
    assert!(game.hand(Power::Papacy).contains(Card::PapalBull));
    assert!(!asked_to_end_a_war(&game));
    Ok(())
}

#[test]
fn on_the_final_turn_no_suing_but_the_bull() -> R {
    let game = at_war_with_france(9, france_in_ravenna);
    assert_eq!(legal(&game), [Action::Done, Action::ExcommunicateRuler(Ruler::FrancisI)]);
    Ok(())
}

#[test]
fn declining_ends_the_segment() -> R {
    let mut game = at_war_with_france(3, france_in_ravenna);
    apply(&mut game, Action::Done);
    assert!(game.at_war(Power::France, Power::Papacy));
    assert!(!asked_to_end_a_war(&game));
    Ok(())
}

/// §24.3: only the sides end wars in the two-player diplomacy phase. A
/// France that has lost Boulogne to the Papacy could sue in the
/// six-player game; here only the Papacy is asked (for its Papal Bull),
/// and once it is done France is not.
#[test]
fn an_invader_never_sues_for_peace() -> R {
    let mut game = at_war_with_france(3, |g| g.set_controller(Space::Boulogne, Faction::Papacy));
    assert!(rules::peace::sue_targets(&game, Power::France).contains(Power::Papacy));
    assert_eq!((game.pending().kind, game.pending().power), (DecisionKind::SuePeace, Some(Power::Papacy)));
    apply(&mut game, Action::Done);
    assert_ne!(game.pending().kind, DecisionKind::SuePeace, "{:?}", game.pending());
    assert_eq!(game.validate(), Ok(()));
    Ok(())
}
