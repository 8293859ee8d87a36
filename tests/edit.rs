//! The editing API: each refused edit returns a typed error and leaves the game unchanged.

use here_i_stand::*;

fn board() -> Game {
    Game::empty(Setup::new(Scenario::Y1517, 3))
}

/// Applies `edit`, expects `err`, and checks nothing changed.
fn refused(game: &mut Game, err: EditError, edit: impl FnOnce(&mut Game) -> Result<(), EditError>) {
    let before = game.clone();
    assert_eq!(edit(game), Err(err));
    assert_eq!(*game, before);
}

#[test]
fn land_units_and_counter_mix() {
    let mut game = board();
    game.set_land_units(Space::Paris, Faction::France, LandUnits { regulars: 4, mercenaries: 2, cavalry: 0 }).unwrap();
    assert_eq!(game.land_units(Space::Paris, Faction::France).total(), 6);
    refused(
        &mut game,
        EditError::UnitKindNotFielded { faction: Faction::Ottoman, kind: LandUnitKind::Mercenary },
        |g| g.set_land_units(Space::Istanbul, Faction::Ottoman, LandUnits { regulars: 0, mercenaries: 1, cavalry: 0 }),
    );
    refused(&mut game, EditError::UnitKindNotFielded { faction: Faction::France, kind: LandUnitKind::Cavalry }, |g| {
        g.set_land_units(Space::Paris, Faction::France, LandUnits { regulars: 0, mercenaries: 0, cavalry: 1 })
    });
    // Papacy: 7 + 8 + 8 = 23 units of counters at most (§5.2).
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(23)).unwrap();
    refused(&mut game, EditError::CounterMixExceeded { faction: Faction::Papacy }, |g| {
        g.set_land_units(Space::Ravenna, Faction::Papacy, LandUnits::regulars(1))
    });
    // Replacing a stack frees its counters.
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Ravenna, Faction::Papacy, LandUnits::regulars(1)).unwrap();
    game.set_land_units(Space::Rome, Faction::Papacy, LandUnits::NONE).unwrap();
    assert_eq!(game.land_units_at(Space::Rome).count(), 0);
    refused(&mut game, EditError::NotInPlay(Space::Algiers), |g| {
        g.set_land_units(Space::Algiers, Faction::Ottoman, LandUnits::regulars(1))
    });
}

#[test]
fn besieged_units() {
    let mut game = board();
    game.set_besieged_units(Space::Milan, Faction::France, LandUnits::regulars(2)).unwrap();
    game.set_land_units(Space::Milan, Faction::Hapsburg, LandUnits::regulars(5)).unwrap();
    game.set_war(Power::Hapsburg, Power::France, true).unwrap();
    assert_eq!(game.validate(), Ok(()));
    assert!(game.is_besieged(Space::Milan, Faction::France));
    assert!(!game.is_besieged(Space::Milan, Faction::Hapsburg));
    assert_eq!(game.land_units_at(Space::Milan).count(), 2);
    // Only a fortified space holds besieged units: Pavia is a town.
    refused(&mut game, EditError::NotFortified(Space::Pavia), |g| {
        g.set_besieged_units(Space::Pavia, Faction::France, LandUnits::regulars(1))
    });
}

#[test]
fn naval_units() {
    let mut game = board();
    game.set_naval_units(
        NavalLocation::Port(Space::Istanbul),
        Faction::Ottoman,
        NavalUnits { squadrons: 3, corsairs: 2 },
    )
    .unwrap();
    refused(&mut game, EditError::NotAPort(Space::Paris), |g| {
        g.set_naval_units(NavalLocation::Port(Space::Paris), Faction::France, NavalUnits::squadrons(1))
    });
    refused(&mut game, EditError::CorsairsNotOttoman, |g| {
        g.set_naval_units(
            NavalLocation::Sea(SeaZone::GulfOfLyon),
            Faction::France,
            NavalUnits { squadrons: 0, corsairs: 1 },
        )
    });
    // Ottoman: 9 naval counters, counting the turn track.
    game.set_naval_on_turn_track(Faction::Ottoman, NavalUnits::squadrons(2)).unwrap();
    game.set_naval_units(NavalLocation::Sea(SeaZone::AegeanSea), Faction::Ottoman, NavalUnits::squadrons(2)).unwrap();
    refused(&mut game, EditError::CounterMixExceeded { faction: Faction::Ottoman }, |g| {
        g.set_naval_units(NavalLocation::Sea(SeaZone::BlackSea), Faction::Ottoman, NavalUnits::squadrons(1))
    });
    refused(&mut game, EditError::CounterMixExceeded { faction: Faction::Protestant }, |g| {
        g.set_naval_units(NavalLocation::Port(Space::Hamburg), Faction::Protestant, NavalUnits::squadrons(1))
    });
}

#[test]
fn leaders() {
    let mut game = board();
    game.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Buda)).unwrap();
    assert_eq!(game.leaders_at(Space::Buda).collect::<Vec<_>>(), vec![Leader::Suleiman]);
    refused(&mut game, EditError::LeaderPlacement(Leader::CharlesV), |g| {
        g.set_leader(Leader::CharlesV, LeaderLocation::Sea(SeaZone::NorthSea))
    });
    refused(&mut game, EditError::NotAPort(Space::Vienna), |g| {
        g.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Vienna))
    });
    refused(&mut game, EditError::RenegadeOwner, |g| {
        g.set_leader(Leader::Renegade, LeaderLocation::Space(Space::Lyon))
    });
    game.set_renegade_owner(Some(Power::France)).unwrap();
    game.set_leader(Leader::Renegade, LeaderLocation::Space(Space::Lyon)).unwrap();
    assert_eq!(game.leader_owner(Leader::Renegade), Some(Faction::France));
    refused(&mut game, EditError::RenegadeOwner, |g| g.set_renegade_owner(None));
    game.set_leader(Leader::FrancisI, LeaderLocation::Captured(Power::Hapsburg)).unwrap();
    assert_eq!(game.leader_location(Leader::FrancisI), LeaderLocation::Captured(Power::Hapsburg));
}

#[test]
fn wars_and_alliances() {
    let mut game = board();
    game.set_war(Power::Hapsburg, Power::France, true).unwrap();
    assert!(game.at_war(Power::France, Power::Hapsburg));
    refused(&mut game, EditError::Pairing(Faction::France, Faction::France), |g| {
        g.set_war(Power::France, Power::France, true)
    });
    refused(&mut game, EditError::Pairing(Faction::Venice, Faction::Genoa), |g| {
        g.set_war(MinorPower::Venice, MinorPower::Genoa, true)
    });
    refused(&mut game, EditError::WarAndAlliance(Faction::France, Faction::Hapsburg), |g| {
        g.set_alliance(Power::France, Power::Hapsburg, true)
    });
    game.set_alliance(Power::France, MinorPower::Scotland, true).unwrap();
    assert_eq!(game.minor_ally(MinorPower::Scotland), Some(Power::France));
    refused(&mut game, EditError::SecondAlly(Faction::Scotland), |g| {
        g.set_alliance(Power::England, MinorPower::Scotland, true)
    });
}

#[test]
fn religion_rulers_turns_cards() {
    let mut game = board();
    game.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    assert_eq!(game.protestant_spaces().len(), 1);
    refused(&mut game, EditError::Religion(Space::Istanbul), |g| g.set_religion(Space::Istanbul, Religion::Catholic));
    refused(&mut game, EditError::Religion(Space::Paris), |g| g.set_religion(Space::Paris, Religion::Other));
    game.set_ruler(Power::Papacy, Ruler::ClementVii).unwrap();
    refused(&mut game, EditError::WrongRuler { power: Power::France, ruler: Ruler::MaryI }, |g| {
        g.set_ruler(Power::France, Ruler::MaryI)
    });
    game.set_turn(9).unwrap();
    refused(&mut game, EditError::Turn(10), |g| g.set_turn(10));
    refused(&mut game, EditError::Turn(0), |g| g.set_turn(0));
    game.give_card(Power::France, Card::MachiavelliThePrince).unwrap();
    game.give_card(Power::England, Card::MachiavelliThePrince).unwrap();
    assert!(!game.hand(Power::France).contains(Card::MachiavelliThePrince));
    assert!(game.hand(Power::England).contains(Card::MachiavelliThePrince));
    refused(&mut game, EditError::CardPlacement(Card::Janissaries), |g| g.give_card(Power::France, Card::Janissaries));
    refused(&mut game, EditError::CardPlacement(Card::PapalBull), |g| g.put_card_in_deck(Card::PapalBull));
    game.put_card_in_deck(Card::MachiavelliThePrince).unwrap();
    assert_eq!(game.deck_size(), 1);
    assert!(game.hand(Power::England).is_empty());
}
