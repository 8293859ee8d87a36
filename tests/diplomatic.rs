//! The two-player diplomatic deck and phase (§24.3) and the diplomatic
//! cards built so far (all but the six invasion cards): the draws and plays of each turn, the
//! late cards joining after the League, the piles' reshuffles, what each
//! side sees, and each card played by each side.

use here_i_stand::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::common;

/// The two-player diplomacy phase of `turn` ([`common::dip_phase`]).
fn diplomacy(turn: u8, deck: &[Card]) -> Game {
    common::dip_phase(turn, deck)
}

/// The diplomatic cards `power` is offered to play now.
fn offered(game: &Game) -> Vec<Card> {
    game.legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::PlayEvent(card) => card,
            other => panic!("only diplomatic plays are offered, not {other}"),
        })
        .collect()
}

/// §24.3: on turn 1 each side draws one diplomatic card and plays none.
#[test]
fn turn_one_draws_one_each_and_plays_none() {
    let mut game = diplomacy(1, &[Card::DipKnightsOfStJohn, Card::DipSecretProtestantCircle]);
    game.run_automatic();
    assert_eq!(game.dip_hand(Power::Papacy).len(), 1);
    assert_eq!(game.dip_hand(Power::Protestant).len(), 1);
    assert!(game.diplomacy_deck().is_empty());
    assert_ne!(game.phase(), Phase::Diplomacy);
    assert!(game.dip_discard().is_empty());
}

/// §24.3: from turn 2 each draws one, then the Papacy plays one, then the
/// Protestant plays one; a card must be played (no pass, no decline).
#[test]
fn later_turns_draw_then_papacy_then_protestant_play() {
    let mut game = diplomacy(2, &[Card::DipKnightsOfStJohn, Card::DipSecretProtestantCircle]);
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(game.pending().kind, DecisionKind::DiplomaticCard);
    let held = game.dip_hand(Power::Papacy);
    assert_eq!(held.len(), 1);
    assert_eq!(offered(&game), held.iter().collect::<Vec<_>>());
    let card = held.iter().next().unwrap();
    game.apply(Action::PlayEvent(card)).unwrap();
    // #217 asks the Protestant for its flips first, if any.
    while game.pending().kind == DecisionKind::CardEvent {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    assert!(game.dip_discard().contains(card));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(game.pending().kind, DecisionKind::DiplomaticCard);
    assert_eq!(offered(&game).len(), 1);
}

/// The Wartburg cannot cancel a diplomatic card (§24.3): no response
/// window opens when one is played, even with The Wartburg in hand.
#[test]
fn no_response_window_answers_a_diplomatic_card() {
    let mut game = diplomacy(3, &[]);
    game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    game.give_card(Power::Protestant, Card::TheWartburg).unwrap();
    game.put_card_in_deck(Card::MasterOfItaly).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipKnightsOfStJohn)).unwrap();
    assert_ne!(game.pending().kind, DecisionKind::Response);
    assert!(game.hand(Power::Protestant).contains(Card::TheWartburg));
    let total = u16::from(game.st_peters_vp()) * 5 + u16::from(game.st_peters_cp());
    assert_eq!(total, u16::from(Card::MasterOfItaly.cp()));
}

/// #208 Knights of St. John, played by the Papacy: a card drawn from the
/// main deck, its CP to St. Peter's, the card discarded.
#[test]
fn knights_of_st_john_builds_st_peters_for_the_papacy() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    game.put_card_in_deck(Card::MasterOfItaly).unwrap();
    game.run_automatic();
    let cp = Card::MasterOfItaly.cp();
    game.apply(Action::PlayEvent(Card::DipKnightsOfStJohn)).unwrap();
    assert_eq!(game.deck_size(), 0);
    assert!(game.discard_pile().contains(Card::MasterOfItaly));
    assert_eq!(u16::from(game.st_peters_vp()) * 5 + u16::from(game.st_peters_cp()), u16::from(cp));
    assert!(game.dip_discard().contains(Card::DipKnightsOfStJohn));
}

/// #208 played by the Protestant helps its opponent: St. Peter's still
/// gains the drawn card's CP. With an empty main deck nothing happens.
#[test]
fn knights_of_st_john_played_by_the_protestant_helps_the_papacy() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipKnightsOfStJohn).unwrap();
    game.put_card_in_deck(Card::MasterOfItaly).unwrap();
    game.run_automatic();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    game.apply(Action::PlayEvent(Card::DipKnightsOfStJohn)).unwrap();
    let total = u16::from(game.st_peters_vp()) * 5 + u16::from(game.st_peters_cp());
    assert_eq!(total, u16::from(Card::MasterOfItaly.cp()));

    let mut empty = diplomacy(2, &[]);
    empty.give_card(Power::Protestant, Card::DipKnightsOfStJohn).unwrap();
    empty.run_automatic();
    empty.apply(Action::PlayEvent(Card::DipKnightsOfStJohn)).unwrap();
    assert_eq!((empty.st_peters_vp(), empty.st_peters_cp()), (0, 0));
}

/// The Italian and Spanish Catholic spaces offered by #217's step.
fn flips(game: &Game) -> Vec<Space> {
    game.legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::Flip(space) => space,
            other => panic!("only flips, not {other}"),
        })
        .collect()
}

/// #217 Secret Protestant Circle on 1-3: one Italian space flips; the
/// Protestant chooses, even when the Papacy played it (it helps its
/// opponent).
#[test]
fn secret_protestant_circle_low_roll_flips_one_italian_space() {
    let mut game = diplomacy(5, &[]);
    game.give_card(Power::Papacy, Card::DipSecretProtestantCircle).unwrap();
    game.run_automatic();
    game.force_dice(&[3]).unwrap();
    game.apply(Action::PlayEvent(Card::DipSecretProtestantCircle)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let offered = flips(&game);
    assert!(offered.contains(&Space::Florence));
    assert!(offered.iter().all(|s| s.language() == Some(LanguageZone::Italian)));
    game.apply(Action::Flip(Space::Florence)).unwrap();
    assert_eq!(game.religion(Space::Florence), Religion::Protestant);
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
    let protestant = Space::ALL.into_iter().filter(|&s| game.religion(s) == Religion::Protestant).count();
    assert_eq!(protestant, 1);
}

/// #217 on 4-6, played by the Protestant: one Italian space, then one
/// Spanish space.
#[test]
fn secret_protestant_circle_high_roll_flips_italian_and_spanish() {
    let mut game = diplomacy(5, &[]);
    game.give_card(Power::Protestant, Card::DipSecretProtestantCircle).unwrap();
    game.run_automatic();
    game.force_dice(&[4]).unwrap();
    game.apply(Action::PlayEvent(Card::DipSecretProtestantCircle)).unwrap();
    game.apply(Action::Flip(Space::Naples)).unwrap();
    let offered = flips(&game);
    assert!(offered.contains(&Space::Seville));
    assert!(offered.iter().all(|s| s.language() == Some(LanguageZone::Spanish)));
    game.apply(Action::Flip(Space::Seville)).unwrap();
    assert_eq!(game.religion(Space::Naples), Religion::Protestant);
    assert_eq!(game.religion(Space::Seville), Religion::Protestant);
}

/// #217 with no Catholic space left in the Italian zone: the Spanish flip
/// alone on a high roll; nothing on a low one.
#[test]
fn secret_protestant_circle_skips_a_zone_with_nothing_to_flip() {
    let mut game = diplomacy(5, &[]);
    for space in Space::ALL.into_iter().filter(|s| s.language() == Some(LanguageZone::Italian)) {
        game.set_religion(space, Religion::Protestant).unwrap();
    }
    game.give_card(Power::Protestant, Card::DipSecretProtestantCircle).unwrap();
    let low = {
        let mut low = game.clone();
        low.run_automatic();
        low.force_dice(&[1]).unwrap();
        low.apply(Action::PlayEvent(Card::DipSecretProtestantCircle)).unwrap();
        low
    };
    assert_ne!(low.phase(), Phase::Diplomacy);
    game.run_automatic();
    game.force_dice(&[6]).unwrap();
    game.apply(Action::PlayEvent(Card::DipSecretProtestantCircle)).unwrap();
    assert!(flips(&game).iter().all(|s| s.language() == Some(LanguageZone::Spanish)));
}

/// §24.3: the late cards join, and the discards are reshuffled in, at the
/// first diplomacy phase after the League formed; only once.
#[test]
fn late_cards_join_the_turn_after_the_league() {
    let mut game = Game::empty(Setup::new(Scenario::TwoPlayer, 5));
    game.set_turn(5).unwrap();
    game.discard_card(Card::DipKnightsOfStJohn).unwrap();
    game.set_phase(Phase::Diplomacy).unwrap();
    let mut before = game.clone();
    before.run_automatic();
    assert!(!before.dip_late_cards_added());
    let early = before.diplomacy_deck().union(before.dip_hand(Power::Papacy)).union(before.dip_discard());
    assert!(!early.contains(Card::DipSecretProtestantCircle));

    game.set_schmalkaldic_league(true).unwrap();
    let mut log = Vec::new();
    game.run_automatic_logged(&mut log);
    assert!(game.dip_late_cards_added());
    assert!(log.contains(&Event::DipDeckReshuffled));
    assert!(game.dip_discard().is_empty());
    let in_play = game.diplomacy_deck().union(game.dip_hand(Power::Papacy)).union(game.dip_hand(Power::Protestant));
    assert!(in_play.contains(Card::DipSecretProtestantCircle));
    assert!(in_play.contains(Card::DipKnightsOfStJohn));
}

/// Ruling DD2: a draw from an empty pile takes the discards first; with
/// no diplomatic card anywhere there is no draw and no play.
#[test]
fn an_empty_pile_takes_the_discards() {
    let mut game = diplomacy(3, &[]);
    game.discard_card(Card::DipKnightsOfStJohn).unwrap();
    game.run_automatic();
    assert_eq!(game.dip_hand(Power::Papacy).iter().collect::<Vec<_>>(), [Card::DipKnightsOfStJohn]);
    assert!(game.dip_hand(Power::Protestant).is_empty());

    let mut none = diplomacy(3, &[]);
    none.run_automatic();
    assert_ne!(none.phase(), Phase::Diplomacy);
}

/// Diplomatic cards are not main-hand cards (ruling DD1): not in `hand`,
/// not given to a non-player power, not in the main deck.
#[test]
fn diplomatic_cards_stay_out_of_the_main_hands() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    assert!(game.hand(Power::Papacy).is_empty());
    assert_eq!(
        game.give_card(Power::Hapsburg, Card::DipKnightsOfStJohn),
        Err(EditError::CardPlacement(Card::DipKnightsOfStJohn))
    );
    assert!(game.put_card_in_deck(Card::DipKnightsOfStJohn).is_err());
    let mut early = Game::empty(Setup::new(Scenario::TwoPlayer, 5));
    assert!(early.put_card_in_dip_deck(Card::DipSecretProtestantCircle).is_err());
    assert!(early.give_card(Power::Protestant, Card::DipSecretProtestantCircle).is_err());
    assert_eq!(game.validate(), Ok(()));
}

/// What each side sees (§24.3): its own diplomatic card, not the other's,
/// nor the pile; a determinization deals the hidden ones again, keeping
/// every size, and is observed the same.
#[test]
fn a_side_sees_its_own_diplomatic_card_only() {
    let mut game = diplomacy(6, &[Card::DipSecretProtestantCircle]);
    game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    let seen = game.observation(Power::Protestant);
    assert!(seen.board().dip_hand(Power::Papacy).is_empty());
    assert!(seen.board().diplomacy_deck().is_empty());
    assert_eq!(seen.dip_hand_size(Power::Papacy), 1);
    let both: Vec<Card> = seen.dip_unseen().iter().collect();
    assert_eq!(both, [Card::DipKnightsOfStJohn, Card::DipSecretProtestantCircle]);
    let own = game.observation(Power::Papacy);
    assert!(own.board().dip_hand(Power::Papacy).contains(Card::DipKnightsOfStJohn));

    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut papal_cards = EnumSet::<Card>::EMPTY;
    for _ in 0..40 {
        let guess = seen.determinize(&mut rng);
        assert_eq!(guess.validate(), Ok(()));
        assert_eq!(guess.observation(Power::Protestant), seen);
        assert_eq!(guess.dip_hand(Power::Papacy).len(), 1);
        papal_cards = papal_cards.union(guess.dip_hand(Power::Papacy));
        let direct = game.determinize(Power::Protestant, &mut rng);
        assert_eq!(direct.observation(Power::Protestant), seen);
    }
    assert_eq!(papal_cards.len(), 2, "both hidden cards are dealt to the Papacy in some guess");
}

/// The diplomatic state is saved and loaded.
#[cfg(feature = "serde")]
#[test]
fn diplomatic_state_round_trips() {
    let mut game = diplomacy(6, &[Card::DipSecretProtestantCircle]);
    game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    game.run_automatic();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
}

/// The ports offered by #210's step.
fn build_sites(game: &Game) -> Vec<Space> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::BuildSquadron(space) => Some(space),
            Action::Done => None,
            other => panic!("only squadrons or done, not {other}"),
        })
        .collect()
}

fn squadrons(game: &Game, space: Space, faction: Faction) -> u8 {
    game.naval_units(NavalLocation::Port(space), faction).squadrons
}

/// #210 Shipbuilding played by the Papacy: up to 2 squadrons in its own
/// home ports (§17's conditions), one at a time.
#[test]
fn shipbuilding_for_the_papacy_builds_two_papal_squadrons() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipShipbuilding).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipShipbuilding)).unwrap();
    let sites = build_sites(&game);
    assert!(sites.contains(&Space::Rome) && sites.contains(&Space::Ancona), "{sites:?}");
    assert!(!sites.contains(&Space::Naples) && !sites.contains(&Space::Marseille), "{sites:?}");
    assert!(game.is_legal(&Action::Done));
    game.apply(Action::BuildSquadron(Space::Rome)).unwrap();
    game.apply(Action::BuildSquadron(Space::Ancona)).unwrap();
    assert_eq!(squadrons(&game, Space::Rome, Faction::Papacy), 1);
    assert_eq!(squadrons(&game, Space::Ancona, Faction::Papacy), 1);
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
}

/// #210 played by the Protestant: French squadrons in Marseille, Hapsburg
/// in Naples, Ottoman in Ottoman home ports (ruling DD6); it may stop
/// after one.
#[test]
fn shipbuilding_for_the_protestant_builds_for_the_invaders() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipShipbuilding)).unwrap();
    let sites = build_sites(&game);
    assert!(sites.contains(&Space::Marseille) && sites.contains(&Space::Naples), "{sites:?}");
    assert!(sites.contains(&Space::Istanbul), "{sites:?}");
    assert!(!sites.contains(&Space::Rome) && !sites.contains(&Space::Genoa), "{sites:?}");
    game.apply(Action::BuildSquadron(Space::Naples)).unwrap();
    assert_eq!(squadrons(&game, Space::Naples, Faction::Hapsburg), 1);
    game.apply(Action::Done).unwrap();
    assert_eq!(squadrons(&game, Space::Marseille, Faction::France), 0);
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());

    // Naples held by another power is no site.
    let mut held = diplomacy(2, &[]);
    held.set_controller(Space::Naples, Faction::Papacy).unwrap();
    held.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    held.run_automatic();
    held.apply(Action::PlayEvent(Card::DipShipbuilding)).unwrap();
    assert!(!build_sites(&held).contains(&Space::Naples));
}

/// #212 Venetian Alliance: an unaligned Venice becomes the Papacy's ally,
/// whoever plays it (played by the Protestant it helps the Papacy).
#[test]
fn venetian_alliance_activates_an_unaligned_venice() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipVenetianAlliance).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipVenetianAlliance)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Venice), Some(Power::Papacy));
}

/// #212 with Venice the Hapsburg's ally: Venice is deactivated.
#[test]
fn venetian_alliance_deactivates_a_hapsburg_venice() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::Hapsburg, Faction::Venice, true).unwrap();
    game.give_card(Power::Papacy, Card::DipVenetianAlliance).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipVenetianAlliance)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Venice), None);
}

/// #212 with Venice already the Papacy's ally: 1 Venetian regular and 2
/// squadrons in a Papal-controlled port the card's player chooses.
#[test]
fn venetian_alliance_reinforces_a_papal_venice() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::Papacy, Faction::Venice, true).unwrap();
    game.give_card(Power::Papacy, Card::DipVenetianAlliance).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipVenetianAlliance)).unwrap();
    let ports: Vec<Action> = game.legal_actions().into_iter().collect();
    assert!(ports.contains(&Action::PlaceAt(Space::Ancona)), "{ports:?}");
    assert!(!ports.contains(&Action::PlaceAt(Space::Naples)), "{ports:?}");
    game.apply(Action::PlaceAt(Space::Ancona)).unwrap();
    assert_eq!(game.land_units(Space::Ancona, Faction::Venice).regulars, 1);
    assert_eq!(squadrons(&game, Space::Ancona, Faction::Venice), 2);
    assert_eq!(game.minor_ally(MinorPower::Venice), Some(Power::Papacy));
}

/// A plain event card of the two-player deck (a hit may discard it).
fn event_card() -> Card {
    Card::ALL
        .into_iter()
        .find(|c| c.kind() == CardKind::Event && c.is_main_deck() && !c.not_in_two_player())
        .expect("an event card")
}

/// #203 Corsair Raid played by the Protestant: each 5 or 6 of 4 dice is a
/// hit the Papacy pays with a card or a Papal squadron, its choice.
#[test]
fn corsair_raid_hits_the_papacy() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipCorsairRaid).unwrap();
    game.give_card(Power::Papacy, event_card()).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Rome), Faction::Papacy, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    game.run_automatic();
    game.force_dice(&[5, 6, 1, 4]).unwrap();
    game.apply(Action::PlayEvent(Card::DipCorsairRaid)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    let options = game.legal_actions();
    assert_eq!(options.len(), 2, "{options:?}");
    assert!(options.contains(&Action::Discard(event_card())));
    assert!(options.contains(&Action::SinkSquadronIn(Space::Rome)));
    game.apply(Action::SinkSquadronIn(Space::Rome)).unwrap();
    assert_eq!(squadrons(&game, Space::Rome, Faction::Papacy), 0);
    game.apply(Action::Discard(event_card())).unwrap();
    assert!(game.discard_pile().contains(event_card()));
    assert_eq!(squadrons(&game, Space::Marseille, Faction::France), 1);
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
}

/// #203 played by the Papacy hits the Protestant, who pays with French or
/// Ottoman squadrons, Hapsburg ones only while the Hapsburg and the Papacy
/// are at war; a hit nothing pays is lost.
#[test]
fn corsair_raid_hits_the_protestant_through_the_invaders() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipCorsairRaid).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Marseille), Faction::France, NavalUnits::squadrons(1)).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Naples), Faction::Hapsburg, NavalUnits::squadrons(2)).unwrap();
    game.run_automatic();
    let mut at_war = game.clone();
    game.force_dice(&[6, 6, 6, 2]).unwrap();
    game.apply(Action::PlayEvent(Card::DipCorsairRaid)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(game.legal_actions().into_iter().collect::<Vec<_>>(), [Action::SinkSquadronIn(Space::Marseille)]);
    game.apply(Action::SinkSquadronIn(Space::Marseille)).unwrap();
    assert_eq!(squadrons(&game, Space::Marseille, Faction::France), 0);
    // The two other hits find nothing to pay with.
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
    assert_eq!(squadrons(&game, Space::Naples, Faction::Hapsburg), 2);

    at_war.set_war(Faction::Hapsburg, Faction::Papacy, true).unwrap();
    at_war.force_dice(&[5, 1, 1, 1]).unwrap();
    at_war.apply(Action::PlayEvent(Card::DipCorsairRaid)).unwrap();
    assert!(at_war.is_legal(&Action::SinkSquadronIn(Space::Naples)));
    at_war.apply(Action::SinkSquadronIn(Space::Naples)).unwrap();
    assert_eq!(squadrons(&at_war, Space::Naples, Faction::Hapsburg), 1);
}

/// #203 with no hit: nothing is asked.
#[test]
fn corsair_raid_without_hits_asks_nothing() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipCorsairRaid).unwrap();
    game.give_card(Power::Papacy, event_card()).unwrap();
    game.run_automatic();
    game.force_dice(&[1, 2, 3, 4]).unwrap();
    game.apply(Action::PlayEvent(Card::DipCorsairRaid)).unwrap();
    assert!(game.hand(Power::Papacy).contains(event_card()));
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
}

/// #201 Andrea Doria played by the Papacy: Genoa leaves its ally (here
/// France) and becomes the Papacy's.
#[test]
fn andrea_doria_for_the_papacy_takes_genoa() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::France, Faction::Genoa, true).unwrap();
    game.give_card(Power::Papacy, Card::DipAndreaDoria).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipAndreaDoria)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Genoa), Some(Power::Papacy));
    assert_eq!(game.validate(), Ok(()));
}

/// #201 played by the Protestant: Genoa becomes France's ally (from the
/// Papacy's, or unaligned).
#[test]
fn andrea_doria_for_the_protestant_gives_genoa_to_france() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::Papacy, Faction::Genoa, true).unwrap();
    game.give_card(Power::Protestant, Card::DipAndreaDoria).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipAndreaDoria)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Genoa), Some(Power::France));
}

/// #201 with Genoa already the named power's ally: 4 CP of Genoese units
/// (two units, each a regular or a squadron) in one Genoese home space.
/// Played by the Papacy with Genoa French, it is the activation instead.
#[test]
fn andrea_doria_reinforces_an_allied_genoa() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::France, Faction::Genoa, true).unwrap();
    game.give_card(Power::Protestant, Card::DipAndreaDoria).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipAndreaDoria)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let options = game.legal_actions();
    assert!(options.contains(&Action::RaiseRegular(Space::Genoa)), "{options:?}");
    assert!(options.contains(&Action::BuildSquadron(Space::Genoa)), "{options:?}");
    assert!(!options.contains(&Action::Done));
    let regulars = game.land_units(Space::Genoa, Faction::Genoa).regulars;
    game.apply(Action::RaiseRegular(Space::Genoa)).unwrap();
    game.apply(Action::BuildSquadron(Space::Genoa)).unwrap();
    assert_eq!(game.land_units(Space::Genoa, Faction::Genoa).regulars, regulars + 1);
    assert_eq!(squadrons(&game, Space::Genoa, Faction::Genoa), 1);
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
    assert_eq!(game.minor_ally(MinorPower::Genoa), Some(Power::France));
}

/// #219 Spanish Inquisition played by the Papacy: it sees the Protestant's
/// two diplomatic cards, picks one to discard; the Protestant draws a
/// replacement and must play the other.
#[test]
fn spanish_inquisition_for_the_papacy_picks_the_protestant_play() {
    let mut game = diplomacy(5, &[Card::DipCorsairRaid]);
    game.give_card(Power::Papacy, Card::DipSpanishInquisition).unwrap();
    game.give_card(Power::Protestant, Card::DipKnightsOfStJohn).unwrap();
    game.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    game.run_automatic();
    // The Papacy drew the pile's card; put it back for the replacement.
    game.put_card_in_dip_deck(Card::DipCorsairRaid).unwrap();
    game.apply(Action::PlayEvent(Card::DipSpanishInquisition)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    let options: Vec<Action> = game.legal_actions().into_iter().collect();
    assert_eq!(options, [Action::Discard(Card::DipKnightsOfStJohn), Action::Discard(Card::DipShipbuilding)]);
    let seen = game.observation(Power::Papacy);
    assert!(seen.board().dip_hand(Power::Protestant).contains(Card::DipShipbuilding));
    game.apply(Action::Discard(Card::DipKnightsOfStJohn)).unwrap();
    assert!(game.dip_discard().contains(Card::DipKnightsOfStJohn));
    assert_eq!(game.dip_must_play(), Some(Card::DipShipbuilding));
    assert!(game.dip_hand(Power::Protestant).contains(Card::DipCorsairRaid));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(offered(&game), [Card::DipShipbuilding]);
    // Both sides know the compulsory card.
    assert!(game.observation(Power::Papacy).board().dip_hand(Power::Protestant).contains(Card::DipShipbuilding));
    game.apply(Action::PlayEvent(Card::DipShipbuilding)).unwrap();
    assert_eq!(game.dip_must_play(), None);
    assert_eq!(game.dip_hand(Power::Protestant).iter().collect::<Vec<_>>(), [Card::DipCorsairRaid]);
}

/// #219 played by the Protestant: it shows its main-deck hand to the
/// Papacy (it helps its opponent).
#[test]
fn spanish_inquisition_for_the_protestant_reveals_its_hand() {
    let mut game = diplomacy(5, &[]);
    game.give_card(Power::Protestant, Card::DipSpanishInquisition).unwrap();
    game.give_card(Power::Protestant, event_card()).unwrap();
    game.run_automatic();
    assert!(!game.observation(Power::Papacy).board().hand(Power::Protestant).contains(event_card()));
    game.apply(Action::PlayEvent(Card::DipSpanishInquisition)).unwrap();
    assert!(game.observation(Power::Papacy).board().hand(Power::Protestant).contains(event_card()));
}

/// The actions offered now, as a list.
fn options(game: &Game) -> Vec<Action> {
    game.legal_actions().into_iter().collect()
}

/// #204 Diplomatic Marriage played by the Papacy: it activates an inactive
/// Genoa or Venice for itself, or deactivates a minor allied to another
/// power, never its own ally nor Hungary-Bohemia (§22.1).
#[test]
fn diplomatic_marriage_for_the_papacy() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::France, Faction::Genoa, true).unwrap();
    game.set_alliance(Faction::Papacy, Faction::Venice, true).unwrap();
    game.give_card(Power::Papacy, Card::DipDiplomaticMarriage).unwrap();
    game.run_automatic();
    let mut other = game.clone();
    game.apply(Action::PlayEvent(Card::DipDiplomaticMarriage)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    // French Genoa may be deactivated; Papal Venice and Hapsburg Hungary not.
    assert_eq!(options(&game), [Action::Target(Space::Genoa)]);
    game.apply(Action::Target(Space::Genoa)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Genoa), None);
    assert_eq!(game.validate(), Ok(()));

    other.set_alliance(Faction::France, Faction::Genoa, false).unwrap();
    other.set_alliance(Faction::Papacy, Faction::Venice, false).unwrap();
    other.apply(Action::PlayEvent(Card::DipDiplomaticMarriage)).unwrap();
    assert_eq!(options(&other), [Action::Target(Space::Genoa), Action::Target(Space::Venice)]);
    other.apply(Action::Target(Space::Venice)).unwrap();
    assert_eq!(other.minor_ally(MinorPower::Venice), Some(Power::Papacy));
}

/// #204 played by the Protestant: it may deactivate any minor (the Papacy's
/// ally included) or make an inactive Genoa or Venice the Hapsburg's ally
/// (which helps the Papacy once the Hapsburg is its ally).
#[test]
fn diplomatic_marriage_for_the_protestant() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::Papacy, Faction::Venice, true).unwrap();
    game.give_card(Power::Protestant, Card::DipDiplomaticMarriage).unwrap();
    game.run_automatic();
    let mut hapsburg = game.clone();
    game.apply(Action::PlayEvent(Card::DipDiplomaticMarriage)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(options(&game), [Action::Target(Space::Genoa), Action::Target(Space::Venice)]);
    game.apply(Action::Target(Space::Venice)).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Venice), None);

    hapsburg.apply(Action::PlayEvent(Card::DipDiplomaticMarriage)).unwrap();
    hapsburg.apply(Action::Target(Space::Genoa)).unwrap();
    assert_eq!(hapsburg.minor_ally(MinorPower::Genoa), Some(Power::Hapsburg));
    assert_eq!(hapsburg.validate(), Ok(()));
}

/// #204 with nothing to activate or deactivate: nothing is asked.
#[test]
fn diplomatic_marriage_with_no_minor_to_change_asks_nothing() {
    let mut game = diplomacy(2, &[]);
    game.set_alliance(Faction::Papacy, Faction::Venice, true).unwrap();
    game.set_alliance(Faction::Papacy, Faction::Genoa, true).unwrap();
    game.give_card(Power::Papacy, Card::DipDiplomaticMarriage).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipDiplomaticMarriage)).unwrap();
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
    assert_eq!(game.minor_ally(MinorPower::Venice), Some(Power::Papacy));
}

/// #209 Plague played by the Papacy: 3 units, at most one per space and
/// only from spaces with more than one unit (any power's, land or naval),
/// the player choosing; then a random card of the Protestant's hand, never
/// a home card, is discarded.
#[test]
fn plague_removes_three_units_then_a_random_card() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipPlague).unwrap();
    game.give_card(Power::Protestant, event_card()).unwrap();
    game.give_card(Power::Protestant, Card::HereIStand).unwrap();
    game.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits { regulars: 2, mercenaries: 1, cavalry: 0 })
        .unwrap();
    game.set_land_units(Space::Leipzig, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    game.set_naval_units(NavalLocation::Port(Space::Rome), Faction::Papacy, NavalUnits::squadrons(1)).unwrap();
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(3)).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipPlague)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    let spaces = options(&game);
    assert_eq!(spaces.len(), 3, "{spaces:?}");
    for space in [Space::Wittenberg, Space::Rome, Space::Vienna] {
        assert!(spaces.contains(&Action::Target(space)), "{spaces:?}");
    }
    // Wittenberg: one faction, two kinds: the kind is asked.
    game.apply(Action::Target(Space::Wittenberg)).unwrap();
    assert_eq!(options(&game), [Action::LoseUnit(LandUnitKind::Regular), Action::LoseUnit(LandUnitKind::Mercenary)]);
    game.apply(Action::LoseUnit(LandUnitKind::Mercenary)).unwrap();
    assert_eq!(game.land_units(Space::Wittenberg, Faction::Protestant), LandUnits::regulars(2));
    // Wittenberg is used now, though it still holds two units.
    assert!(!game.is_legal(&Action::Target(Space::Wittenberg)));
    // Rome: the Papal regular and a Papal squadron in port: the kind is asked.
    game.apply(Action::Target(Space::Rome)).unwrap();
    assert_eq!(options(&game), [Action::LoseUnit(LandUnitKind::Regular), Action::LoseShip(NavalUnitKind::Squadron)]);
    game.apply(Action::LoseShip(NavalUnitKind::Squadron)).unwrap();
    assert_eq!(squadrons(&game, Space::Rome, Faction::Papacy), 0);
    // A ship lost goes to the turn track (§5.3).
    assert_eq!(game.naval_on_turn_track(Faction::Papacy), NavalUnits::squadrons(1));
    // Vienna: one faction, one kind: removed at once; then the discard.
    game.apply(Action::Target(Space::Vienna)).unwrap();
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(2));
    assert!(game.discard_pile().contains(event_card()));
    assert!(game.hand(Power::Protestant).contains(Card::HereIStand));
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
    assert_eq!(game.validate(), Ok(()));
}

/// #209 with several factions in a space asks whose unit goes; played by
/// the Protestant it may take its own units, and its opponent's card is
/// the Papacy's. With fewer spaces than 3, fewer units go.
#[test]
fn plague_asks_whose_unit_and_stops_without_spaces() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipPlague).unwrap();
    game.give_card(Power::Papacy, event_card()).unwrap();
    game.set_land_units(Space::Milan, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Milan, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipPlague)).unwrap();
    assert_eq!(options(&game), [Action::Target(Space::Milan)]);
    game.apply(Action::Target(Space::Milan)).unwrap();
    assert_eq!(game.validate(), Ok(()));
    let whose = options(&game);
    assert_eq!(whose.len(), 2, "{whose:?}");
    assert!(whose.contains(&Action::RemoveUnitOf(Faction::Protestant)));
    game.apply(Action::RemoveUnitOf(Faction::Protestant)).unwrap();
    assert!(game.land_units(Space::Milan, Faction::Protestant).is_empty());
    assert_eq!(game.land_units(Space::Milan, Faction::Papacy), LandUnits::regulars(1));
    assert!(game.discard_pile().contains(event_card()));
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
}

/// #218 Siege of Vienna: 2 Hapsburg or Hungarian land units within 2
/// spaces of Vienna are removed, the card's player choosing (both may come
/// from one space); played by the Papacy it hurts its own ally.
#[test]
fn siege_of_vienna_removes_two_units_near_vienna() {
    let mut game = diplomacy(5, &[]);
    game.give_card(Power::Papacy, Card::DipSiegeOfVienna).unwrap();
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits { regulars: 1, mercenaries: 2, cavalry: 0 })
        .unwrap();
    game.set_land_units(Space::Prague, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Naples, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Linz, Faction::Protestant, LandUnits::regulars(1)).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipSiegeOfVienna)).unwrap();
    let spaces = options(&game);
    assert!(spaces.contains(&Action::Target(Space::Vienna)), "{spaces:?}");
    assert!(!spaces.contains(&Action::Target(Space::Naples)), "{spaces:?}");
    assert!(!spaces.contains(&Action::Target(Space::Linz)), "{spaces:?}");
    assert_eq!(
        Space::Prague.land_distance(Space::Vienna).is_some_and(|d| d <= 2),
        spaces.contains(&Action::Target(Space::Prague))
    );
    game.apply(Action::Target(Space::Vienna)).unwrap();
    game.apply(Action::LoseUnit(LandUnitKind::Mercenary)).unwrap();
    game.apply(Action::Target(Space::Vienna)).unwrap();
    game.apply(Action::LoseUnit(LandUnitKind::Regular)).unwrap();
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::mercenaries(1));
    assert_eq!(game.land_units(Space::Naples, Faction::Hapsburg), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Linz, Faction::Protestant), LandUnits::regulars(1));
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
}

/// #218 played by the Protestant takes Hungarian units too; with none near
/// Vienna nothing is asked.
#[test]
fn siege_of_vienna_takes_hungarian_units() {
    let mut game = diplomacy(5, &[]);
    game.give_card(Power::Protestant, Card::DipSiegeOfVienna).unwrap();
    game.set_land_units(Space::Vienna, Faction::HungaryBohemia, LandUnits::regulars(1)).unwrap();
    game.run_automatic();
    let mut none = game.clone();
    game.apply(Action::PlayEvent(Card::DipSiegeOfVienna)).unwrap();
    assert_eq!(options(&game), [Action::Target(Space::Vienna)]);
    game.apply(Action::Target(Space::Vienna)).unwrap();
    assert!(game.land_units(Space::Vienna, Faction::HungaryBohemia).is_empty());
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());

    none.set_land_units(Space::Vienna, Faction::HungaryBohemia, LandUnits::NONE).unwrap();
    none.apply(Action::PlayEvent(Card::DipSiegeOfVienna)).unwrap();
    assert_ne!(none.phase(), Phase::Diplomacy, "{}", none.pending());
}

/// #218's ban (ruling DC3): after the League the Papacy commands the
/// Hapsburg, but not the units that started the turn within 2 spaces of
/// Vienna: no move from Vienna this turn, while the Hapsburg stack in
/// Naples may move.
#[test]
fn siege_of_vienna_freezes_the_units_near_vienna() {
    let mut game = diplomacy(5, &[]);
    game.set_schmalkaldic_league(true).unwrap();
    game.set_war(Power::Hapsburg, Power::Protestant, true).unwrap();
    game.give_card(Power::Protestant, Card::DipSiegeOfVienna).unwrap();
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(4)).unwrap();
    game.set_land_units(Space::Naples, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipSiegeOfVienna)).unwrap();
    for _ in 0..2 {
        game.apply(Action::Target(Space::Vienna)).unwrap();
    }
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(2));
    crate::common::impulse_declining(&mut game, Power::Papacy, 2);
    game.apply(Action::ActFor(Power::Hapsburg)).unwrap();
    let moves = game.legal_actions();
    assert!(moves.contains(&Action::MoveFrom(Space::Naples)), "{moves:?}");
    assert!(!moves.contains(&Action::MoveFrom(Space::Vienna)), "{moves:?}");
    assert!(game.apply(Action::MoveFrom(Space::Vienna)).is_err());
    assert_eq!(game.validate(), Ok(()));
}

/// #205 Diplomatic Pressure played by the Papacy: it sees the Protestant's
/// two cards and picks the one the Protestant must play.
#[test]
fn diplomatic_pressure_for_the_papacy_picks_the_protestant_play() {
    let mut game = diplomacy(3, &[]);
    game.give_card(Power::Papacy, Card::DipDiplomaticPressure).unwrap();
    game.give_card(Power::Protestant, Card::DipKnightsOfStJohn).unwrap();
    game.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    game.run_automatic();
    assert!(!game.observation(Power::Papacy).board().dip_hand(Power::Protestant).contains(Card::DipShipbuilding));
    game.apply(Action::PlayEvent(Card::DipDiplomaticPressure)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(options(&game), [Action::Compel(Card::DipKnightsOfStJohn), Action::Compel(Card::DipShipbuilding)]);
    assert!(game.observation(Power::Papacy).board().dip_hand(Power::Protestant).contains(Card::DipShipbuilding));
    game.apply(Action::Compel(Card::DipKnightsOfStJohn)).unwrap();
    assert_eq!(game.dip_must_play(), Some(Card::DipKnightsOfStJohn));
    assert_eq!(offered(&game), [Card::DipKnightsOfStJohn]);
}

/// #205 played by the Protestant: it makes the Papacy discard its card and
/// draw another, or swaps its own remaining card for the Papacy's.
#[test]
fn diplomatic_pressure_for_the_protestant_discards_or_swaps() {
    let mut game = diplomacy(3, &[Card::DipCorsairRaid]);
    game.give_card(Power::Protestant, Card::DipDiplomaticPressure).unwrap();
    game.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    game.give_card(Power::Papacy, Card::DipKnightsOfStJohn).unwrap();
    game.run_automatic();
    // The Papacy drew the pile's card and must play one: it keeps the other.
    game.apply(Action::PlayEvent(Card::DipCorsairRaid)).unwrap();
    while game.pending().kind == DecisionKind::CardEvent {
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    game.put_card_in_dip_deck(Card::DipVenetianAlliance).unwrap();
    let mut swap = game.clone();
    game.apply(Action::PlayEvent(Card::DipDiplomaticPressure)).unwrap();
    assert_eq!(options(&game), [Action::Discard(Card::DipKnightsOfStJohn), Action::GiveCard(Card::DipShipbuilding)]);
    assert!(game.observation(Power::Protestant).board().dip_hand(Power::Papacy).contains(Card::DipKnightsOfStJohn));
    game.apply(Action::Discard(Card::DipKnightsOfStJohn)).unwrap();
    assert!(game.dip_discard().contains(Card::DipKnightsOfStJohn));
    assert_eq!(game.dip_hand(Power::Papacy).iter().collect::<Vec<_>>(), [Card::DipVenetianAlliance]);
    assert!(!game.observation(Power::Protestant).board().dip_hand(Power::Papacy).contains(Card::DipVenetianAlliance));

    swap.apply(Action::PlayEvent(Card::DipDiplomaticPressure)).unwrap();
    swap.apply(Action::GiveCard(Card::DipShipbuilding)).unwrap();
    assert_eq!(swap.dip_hand(Power::Papacy).iter().collect::<Vec<_>>(), [Card::DipShipbuilding]);
    assert_eq!(swap.dip_hand(Power::Protestant).iter().collect::<Vec<_>>(), [Card::DipKnightsOfStJohn]);
    assert_eq!(swap.validate(), Ok(()));
}

/// #215 Machiavelli: with no built invasion card in the pile or its
/// discards (an unbuilt one is never offered), the whole diplomatic deck
/// is reshuffled at once, this card included.
#[test]
fn machiavelli_reshuffles_the_diplomatic_deck() {
    let mut game = diplomacy(5, &[Card::DipCorsairRaid]);
    game.give_card(Power::Papacy, Card::DipMachiavelli).unwrap();
    game.run_automatic();
    // The Papacy drew the Corsair Raid; discard something to reshuffle.
    game.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    game.apply(Action::PlayEvent(Card::DipMachiavelli)).unwrap();
    assert!(game.dip_discard().is_empty());
    assert!(game.diplomacy_deck().contains(Card::DipMachiavelli));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(game.validate(), Ok(()));
}

/// #207 Henry Petitions for Divorce, refused: the Papacy adds 3 Hapsburg
/// regulars among Hapsburg-controlled spaces; the card leaves the game.
#[test]
fn henry_petitions_refused_adds_hapsburg_regulars() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipHenryPetitionsForDivorce).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipHenryPetitionsForDivorce)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert_eq!(options(&game), [Action::Decline, Action::GrantDivorce]);
    game.apply(Action::Decline).unwrap();
    assert!(game.is_legal(&Action::RaiseRegular(Space::Vienna)));
    assert!(!game.is_legal(&Action::RaiseRegular(Space::Rome)));
    game.apply(Action::RaiseRegular(Space::Naples)).unwrap();
    game.apply(Action::RaiseRegular(Space::Naples)).unwrap();
    game.apply(Action::RaiseRegular(Space::Vienna)).unwrap();
    assert_eq!(game.land_units(Space::Naples, Faction::Hapsburg), LandUnits::regulars(2));
    assert_eq!(game.land_units(Space::Vienna, Faction::Hapsburg), LandUnits::regulars(1));
    assert!(game.removed_cards().contains(Card::DipHenryPetitionsForDivorce));
    assert!(!game.dip_discard().contains(Card::DipHenryPetitionsForDivorce));
    assert_ne!(game.phase(), Phase::Diplomacy, "{}", game.pending());
    assert_eq!(game.validate(), Ok(()));
}

/// #207 played by the Protestant, the Papacy grants the divorce: the
/// Papacy draws a card, the Protestant adds 4 Hapsburg mercenaries in a
/// Hapsburg-controlled Italian space, and the Papacy calls a debate with
/// Campeggio as its debater.
#[test]
fn henry_petitions_granted_draws_adds_mercenaries_and_debates() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Protestant, Card::DipHenryPetitionsForDivorce).unwrap();
    game.put_card_in_deck(Card::MasterOfItaly).unwrap();
    for d in [Debater::Campeggio, Debater::Eck, Debater::Cajetan] {
        game.set_debater(d, DebaterState::Uncommitted).unwrap();
    }
    game.set_debater(Debater::Carlstadt, DebaterState::Uncommitted).unwrap();
    game.set_debater(Debater::Melanchthon, DebaterState::Committed).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipHenryPetitionsForDivorce)).unwrap();
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    game.apply(Action::GrantDivorce).unwrap();
    assert!(game.hand(Power::Papacy).contains(Card::MasterOfItaly));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    let spaces = options(&game);
    assert!(spaces.contains(&Action::PlaceAt(Space::Naples)), "{spaces:?}");
    assert!(!spaces.contains(&Action::PlaceAt(Space::Vienna)), "{spaces:?}");
    game.apply(Action::PlaceAt(Space::Naples)).unwrap();
    assert_eq!(game.land_units(Space::Naples, Faction::Hapsburg), LandUnits::mercenaries(4));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy));
    assert!(game.is_legal(&Action::CallDebate(LanguageZone::German)));
    game.apply(Action::CallDebate(LanguageZone::German)).unwrap();
    // The caller names the defender's group, in the diplomacy phase.
    assert_eq!(game.pending().kind, DecisionKind::Debate);
    assert_eq!(game.validate(), Ok(()));
    while game.phase() == Phase::Diplomacy && game.pending().kind != DecisionKind::DiplomaticCard {
        assert_eq!(game.validate(), Ok(()), "{}", game.pending());
        let first = game.legal_actions()[0];
        game.apply(first).unwrap();
    }
    assert_ne!(game.debater_state(Debater::Campeggio), DebaterState::Uncommitted);
    assert_eq!(game.debater_state(Debater::Eck), DebaterState::Uncommitted);
    assert_eq!(game.debater_state(Debater::Cajetan), DebaterState::Uncommitted);
    assert_eq!(game.validate(), Ok(()));
}

/// A Plague in progress (its used spaces kept in the event's step) is
/// saved and loaded, and goes on the same.
#[cfg(feature = "serde")]
#[test]
fn plague_in_progress_round_trips() {
    let mut game = diplomacy(2, &[]);
    game.give_card(Power::Papacy, Card::DipPlague).unwrap();
    game.set_land_units(Space::Wittenberg, Faction::Protestant, LandUnits::regulars(3)).unwrap();
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(3)).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipPlague)).unwrap();
    game.apply(Action::Target(Space::Wittenberg)).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(options(&back), [Action::Target(Space::Vienna)]);
}

/// #205 played by the Papacy when the Protestant holds one diplomatic
/// card: that card becomes its compulsory play with no choice, and both
/// sides know it.
#[test]
fn diplomatic_pressure_on_a_single_card_makes_it_compulsory() {
    let mut game = diplomacy(3, &[]);
    game.give_card(Power::Papacy, Card::DipDiplomaticPressure).unwrap();
    game.give_card(Power::Protestant, Card::DipShipbuilding).unwrap();
    game.run_automatic();
    game.apply(Action::PlayEvent(Card::DipDiplomaticPressure)).unwrap();
    assert_eq!(game.dip_must_play(), Some(Card::DipShipbuilding));
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert!(game.observation(Power::Papacy).board().dip_hand(Power::Protestant).contains(Card::DipShipbuilding));
    assert_eq!(game.validate(), Ok(()));
}

/// #218's frozen spaces travel in a save, and a save that has them in a
/// turn the card was not played is refused (`InvalidGame::ViennaFrozen`).
#[cfg(feature = "serde")]
#[test]
fn siege_of_vienna_frozen_spaces_are_saved_and_checked() {
    let mut game = diplomacy(5, &[]);
    game.give_card(Power::Protestant, Card::DipSiegeOfVienna).unwrap();
    game.set_land_units(Space::Vienna, Faction::Hapsburg, LandUnits::regulars(4)).unwrap();
    game.run_automatic();
    let before = serde_json::to_string(&game).unwrap();
    assert!(!before.contains("vienna_frozen"), "an empty set is not written");
    game.apply(Action::PlayEvent(Card::DipSiegeOfVienna)).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.contains(r#""vienna_frozen":["vienna"]"#));
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    let forged = before.replacen('{', r#"{"vienna_frozen":["vienna"],"#, 1);
    let refused = serde_json::from_str::<Game>(&forged).unwrap_err();
    assert!(refused.to_string().contains("Siege of Vienna"), "{refused}");
}
