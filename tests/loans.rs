//! Loans of naval squadrons and naval leaders (§9.1, §9.2, §19.1): the
//! deal's loan term and its limits, the loaned ships in play as the
//! receiver's, and their return to their owner in winter.

use here_i_stand::rules::loans::{loan_destination, loan_ports};
use here_i_stand::rules::negotiation::{Deal, DealRefusal, Term, term_refusal};
use here_i_stand::*;

use crate::common::{action_phase, at_negotiation, legal, play, port, sea, squadrons};

type R = Result<(), Box<dyn std::error::Error>>;

/// A bare 1517 board at the negotiation segment of turn 4, built by `edit`.
fn at_turn_4(edit: impl FnOnce(&mut Game) -> Result<(), EditError>) -> Game {
    at_negotiation(4, edit)
}

fn apply(game: &mut Game, action: Action) -> Vec<Event> {
    let mut log = Vec::new();
    game.apply_logged(action, &mut log).unwrap_or_else(|e| panic!("{action}: {e}"));
    log
}

/// Powers before `power` in the negotiation answer `done`; `power` is asked.
fn until_asked(game: &mut Game, power: Power) {
    while game.pending().kind == DecisionKind::Negotiation && game.decider() != Decider::Power(power) {
        apply(game, Action::Done);
    }
    assert_eq!((game.pending().kind, game.decider()), (DecisionKind::Negotiation, Decider::Power(power)));
}

/// `from` opens a deal with `to` and adds `terms`, each of which must be offered.
fn build(game: &mut Game, from: Power, to: Power, terms: &[Action]) {
    until_asked(game, from);
    apply(game, Action::ProposeTo(to));
    for &term in terms {
        assert!(game.is_legal(&term), "{term} not offered: {:?}", legal(game));
        apply(game, term);
    }
}

/// `build`, offer, and the recipient accepts; the events.
fn agree(game: &mut Game, from: Power, to: Power, terms: &[Action]) -> Vec<Event> {
    build(game, from, to, terms);
    apply(game, Action::Offer);
    apply(game, Action::Accept)
}

/// France and the Hapsburg, allied by a deal of `deal`'s: France has 2
/// squadrons in Marseille, the Hapsburg 1 in Naples.
fn fleets(g: &mut Game) -> Result<(), EditError> {
    g.set_naval_units(port(Space::Marseille), Faction::France, squadrons(2))?;
    g.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(1))
}

// --- The term and its limits --------------------------------------------------

/// §9.1, §9.2: naval units are loaned by a power entering an alliance, to
/// that ally, announced with the alliance: the term needs the deal's
/// alliance (or an alliance a deal made earlier in this phase), never an
/// alliance made otherwise.
#[test]
fn a_loan_needs_the_alliance_a_deal_makes() {
    let mut game = at_turn_4(fleets);
    build(&mut game, Power::Hapsburg, Power::France, &[]);
    assert!(!game.is_legal(&Action::LendSquadronIn(Space::Marseille)));
    let deal = game.pending_deal().unwrap();
    let lend = Term::LendSquadron { lender: Power::France, port: Space::Marseille };
    assert_eq!(term_refusal(&game, &deal, lend), Some(DealRefusal::NotAllied));
    apply(&mut game, Action::Ally);
    assert!(game.is_legal(&Action::LendSquadronIn(Space::Marseille)));
    assert!(game.is_legal(&Action::LendSquadronIn(Space::Naples)));
    // An alliance not made by a deal (an edit here) allows no loan.
    let mut edited = at_turn_4(|g| {
        fleets(g)?;
        g.set_alliance(Power::Hapsburg, Power::France, true)
    });
    let deal = Deal::new(Power::Hapsburg, Power::France);
    assert_eq!(term_refusal(&edited, &deal, lend), Some(DealRefusal::NotAllied));
    build(&mut edited, Power::Hapsburg, Power::France, &[]);
    assert!(!edited.is_legal(&Action::Ally), "allied already");
    assert!(!edited.is_legal(&Action::LendSquadronIn(Space::Marseille)));
}

/// §9.2: the loan is one way between two powers in a turn; a later deal
/// of the same phase between the allies may loan the same way, not back.
#[test]
fn loans_go_one_way_between_two_powers() {
    let mut game = at_turn_4(fleets);
    build(&mut game, Power::Hapsburg, Power::France, &[Action::Ally, Action::LendSquadronIn(Space::Marseille)]);
    let deal = game.pending_deal().unwrap();
    assert_eq!(deal.lender, Some(Power::France));
    let back = Term::LendSquadron { lender: Power::Hapsburg, port: Space::Naples };
    assert_eq!(term_refusal(&game, &deal, back), Some(DealRefusal::BothWays));
    assert!(!game.is_legal(&Action::LendSquadronIn(Space::Naples)));
    apply(&mut game, Action::Offer);
    apply(&mut game, Action::Accept);
    // The Hapsburg picks among its four Gulf of Lyon ports (LN4).
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    apply(&mut game, Action::PlaceAt(Space::Valencia));
    assert_eq!(game.loaned_squadrons(port(Space::Valencia), Power::Hapsburg, Faction::France), 1);
    // France's own deal with its new ally: no alliance term (allied
    // already), a second French squadron may go, the Hapsburg's may not.
    build(&mut game, Power::France, Power::Hapsburg, &[]);
    assert!(!game.is_legal(&Action::Ally));
    assert!(game.is_legal(&Action::LendSquadronIn(Space::Marseille)));
    let deal = game.pending_deal().unwrap();
    assert_eq!(term_refusal(&game, &deal, back), Some(DealRefusal::BothWays));
    assert!(!game.is_legal(&Action::LendSquadronIn(Space::Naples)));
}

/// §9.2: never to the Protestant; squadrons only, never corsairs; no more
/// squadrons than there are in the port.
#[test]
fn never_to_the_protestant_never_corsairs_nor_more_than_there_are() {
    let game = at_turn_4(|g| {
        fleets(g)?;
        g.set_naval_units(port(Space::Athens), Faction::Ottoman, NavalUnits { squadrons: 0, corsairs: 2 })
    });
    let mut deal = Deal::new(Power::France, Power::Protestant);
    deal.add(Term::Alliance);
    let lend = Term::LendSquadron { lender: Power::France, port: Space::Marseille };
    assert_eq!(term_refusal(&game, &deal, lend), Some(DealRefusal::ToProtestant));
    let mut deal = Deal::new(Power::Ottoman, Power::France);
    deal.add(Term::Alliance);
    let corsairs = Term::LendSquadron { lender: Power::Ottoman, port: Space::Athens };
    assert_eq!(term_refusal(&game, &deal, corsairs), Some(DealRefusal::NoSquadron));
    let mut deal = Deal::new(Power::Hapsburg, Power::France);
    deal.add(Term::Alliance);
    assert_eq!(term_refusal(&game, &deal, lend), None);
    deal.add(lend);
    assert_eq!(term_refusal(&game, &deal, lend), None);
    deal.add(lend);
    assert_eq!(term_refusal(&game, &deal, lend), Some(DealRefusal::NoSquadron));
    // Only a party lends.
    let stranger = Term::LendSquadron { lender: Power::England, port: Space::Marseille };
    assert_eq!(term_refusal(&game, &deal, stranger), Some(DealRefusal::NotAParty));
}

/// §9.2: a path of sea zones from the squadron's port to a port of the
/// receiver, with no port on the way: Gibraltar joins the Atlantic to the
/// Mediterranean only as a port, and the Black Sea touches no other zone.
#[test]
fn a_loan_needs_a_sea_path_without_ports() {
    let game = at_turn_4(|g| {
        g.set_naval_units(port(Space::London), Faction::England, squadrons(1))?;
        g.set_naval_units(port(Space::Varna), Faction::Ottoman, squadrons(1))?;
        g.set_naval_units(port(Space::Brest), Faction::France, squadrons(1))
    });
    let deal = |a, b| {
        let mut deal = Deal::new(a, b);
        deal.add(Term::Alliance);
        deal
    };
    let london = Term::LendSquadron { lender: Power::England, port: Space::London };
    assert_eq!(term_refusal(&game, &deal(Power::England, Power::Ottoman), london), Some(DealRefusal::NoSeaPath));
    assert!(loan_ports(&game, Power::Ottoman, Space::London).is_empty());
    let varna = Term::LendSquadron { lender: Power::Ottoman, port: Space::Varna };
    assert_eq!(term_refusal(&game, &deal(Power::Ottoman, Power::France), varna), Some(DealRefusal::NoSeaPath));
    // Brest to the Hapsburg: Corunna, across the Bay of Biscay.
    let brest = Term::LendSquadron { lender: Power::France, port: Space::Brest };
    assert_eq!(term_refusal(&game, &deal(Power::France, Power::Hapsburg), brest), None);
    assert_eq!(loan_destination(&game, Power::Hapsburg, Space::Brest), Some(Space::Corunna));
}

/// §9.2: the loaned squadrons go to the nearest port of the receiver, each
/// sea zone counting 1, with a Loaned marker; a naval leader stacked with
/// them may go too, and serves the receiver. Coron to France: the Ionian
/// Sea, the Barbary Coast, the Gulf of Lyon: Marseille, 3 zones away.
#[test]
fn squadrons_and_their_leader_go_to_the_receivers_nearest_port() {
    let mut game = at_turn_4(|g| {
        g.set_naval_units(port(Space::Coron), Faction::Ottoman, NavalUnits { squadrons: 2, corsairs: 1 })?;
        g.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Coron))
    });
    assert_eq!(loan_ports(&game, Power::France, Space::Coron).iter().collect::<Vec<_>>(), [Space::Marseille]);
    build(&mut game, Power::Ottoman, Power::France, &[Action::Ally]);
    // The leader goes only with squadrons of his port.
    assert!(!game.is_legal(&Action::LendLeader(Leader::Barbarossa)));
    let deal = game.pending_deal().unwrap();
    let barbarossa = Term::LendLeader { lender: Power::Ottoman, leader: Leader::Barbarossa };
    assert_eq!(term_refusal(&game, &deal, barbarossa), Some(DealRefusal::NotStacked));
    for action in [
        Action::LendSquadronIn(Space::Coron),
        Action::LendSquadronIn(Space::Coron),
        Action::LendLeader(Leader::Barbarossa),
    ] {
        assert!(game.is_legal(&action), "{action}");
        apply(&mut game, action);
    }
    assert!(!game.is_legal(&Action::LendSquadronIn(Space::Coron)), "the corsair stays");
    apply(&mut game, Action::Offer);
    let log = apply(&mut game, Action::Accept);
    let marseille = port(Space::Marseille);
    assert_eq!(game.naval_units(marseille, Faction::France), squadrons(2));
    assert_eq!(game.loaned_squadrons(marseille, Power::France, Faction::Ottoman), 2);
    assert_eq!(game.naval_units(port(Space::Coron), Faction::Ottoman), NavalUnits { squadrons: 0, corsairs: 1 });
    assert_eq!(game.leader_location(Leader::Barbarossa), LeaderLocation::Space(Space::Marseille));
    assert_eq!(game.leader_owner(Leader::Barbarossa), Some(Faction::France));
    assert_eq!(game.naval_leader_loaned_to(Leader::Barbarossa), Some(Power::France));
    let loaned = Event::SquadronLoaned {
        faction: Faction::Ottoman,
        receiver: Power::France,
        from: Space::Coron,
        to: Space::Marseille,
    };
    assert_eq!(log.iter().filter(|e| **e == loaned).count(), 2);
    assert!(log.contains(&Event::NavalLeaderLoaned {
        leader: Leader::Barbarossa,
        receiver: Power::France,
        to: Space::Marseille
    }));
    // The counters stay the Ottoman's (§5.3): no French counter is used.
    assert_eq!(rules::construction::naval_counters_free(&game, Faction::France), 5);
    assert_eq!(rules::construction::naval_counters_free(&game, Faction::Ottoman), 9 - 3);
    assert!(game.validate().is_ok());
}

/// §9.2: a power may loan its active minor ally's squadrons (the
/// rulebook's naval example: a Venetian squadron the Papacy loaned).
#[test]
fn a_minor_allys_squadron_may_be_loaned() {
    let mut game = at_turn_4(|g| {
        g.set_alliance(Power::Papacy, MinorPower::Venice, true)?;
        g.set_naval_units(port(Space::Venice), Faction::Venice, squadrons(2))
    });
    agree(&mut game, Power::Hapsburg, Power::Papacy, &[Action::Ally, Action::LendSquadronIn(Space::Venice)]);
    // The Adriatic: Trieste.
    let trieste = port(Space::Trieste);
    assert_eq!(game.naval_units(trieste, Faction::Hapsburg), squadrons(1));
    assert_eq!(game.loaned_squadrons(trieste, Power::Hapsburg, Faction::Venice), 1);
    assert_eq!(game.naval_units(port(Space::Venice), Faction::Venice), squadrons(1));
}

// --- Loans in play --------------------------------------------------------------

/// §9.2: a loaned squadron moves as one of the receiver's naval units,
/// its Loaned marker with it.
#[test]
fn a_loaned_squadron_moves_as_the_receivers() -> R {
    let mut game = action_phase(11);
    game.set_alliance(Power::Hapsburg, Power::France, true)?;
    game.set_naval_units(port(Space::Naples), Faction::Hapsburg, squadrons(1))?;
    game.set_loaned_squadrons(port(Space::Naples), Power::Hapsburg, Faction::France, 1)?;
    play(&mut game, Power::Hapsburg, Card::Arquebusiers);
    for action in [
        Action::NavalMove,
        Action::NavalFromPort(Space::Naples),
        Action::AddShip(NavalUnitKind::Squadron),
        Action::NavalToSea(SeaZone::TyrrhenianSea),
        Action::Done,
    ] {
        assert!(game.is_legal(&action), "{action}");
        apply(&mut game, action);
    }
    let tyrrhenian = sea(SeaZone::TyrrhenianSea);
    assert_eq!(game.naval_units(tyrrhenian, Faction::Hapsburg), squadrons(1));
    assert_eq!(game.loaned_squadrons(tyrrhenian, Power::Hapsburg, Faction::France), 1);
    assert_eq!(game.naval_units(port(Space::Naples), Faction::Hapsburg), NavalUnits::NONE);
    assert!(game.validate().is_ok());
    Ok(())
}

/// §9.2, §16.2: loaned squadrons fight as the receiver's (2 dice each);
/// a loaned squadron is lost first (docs/rulings.md LN5) and goes to its
/// owner's turn track (§5.3).
#[test]
fn loaned_squadrons_fight_as_the_receivers_and_a_lost_one_goes_to_its_owner() -> R {
    let mut game = action_phase(11);
    game.set_war(Power::France, Power::Hapsburg, true)?;
    game.set_alliance(Power::Hapsburg, Power::Papacy, true)?;
    let gulf = sea(SeaZone::GulfOfLyon);
    game.set_naval_units(port(Space::Marseille), Faction::France, squadrons(3))?;
    game.set_naval_units(gulf, Faction::Hapsburg, squadrons(3))?;
    game.set_loaned_squadrons(gulf, Power::Hapsburg, Faction::Papacy, 2)?;
    play(&mut game, Power::France, Card::Gout);
    for action in [
        Action::NavalMove,
        Action::NavalFromPort(Space::Marseille),
        Action::AddShip(NavalUnitKind::Squadron),
        Action::AddShip(NavalUnitKind::Squadron),
        Action::AddShip(NavalUnitKind::Squadron),
        Action::NavalToSea(SeaZone::GulfOfLyon),
        Action::Done,
    ] {
        apply(&mut game, action);
    }
    // The Hapsburg stack, loaned ships and all, may avoid battle as one.
    assert_eq!(game.decider(), Decider::Power(Power::Hapsburg));
    assert_eq!(legal(&game)[0], Action::Decline);
    apply(&mut game, Action::Decline);
    // The combat-card windows; France's 6 dice score 3, the Hapsburg's 6 dice 3.
    apply(&mut game, Action::Decline);
    game.force_dice(&[5, 5, 5, 1, 1, 1, 6, 6, 6, 1, 1, 1])?;
    let log = apply(&mut game, Action::Decline);
    let (attacker, defender) = log
        .iter()
        .find_map(|e| match *e {
            Event::NavalBattle { attacker_dice, defender_dice, .. } => Some((attacker_dice, defender_dice)),
            _ => None,
        })
        .expect("a naval battle");
    assert_eq!((attacker.count(), defender.count()), (6, 6));
    // 3 hits on the winner: one squadron, a loaned Papal one.
    assert_eq!(game.naval_units(gulf, Faction::Hapsburg), squadrons(2));
    assert_eq!(game.loaned_squadrons(gulf, Power::Hapsburg, Faction::Papacy), 1);
    assert_eq!(game.naval_on_turn_track(Faction::Papacy), squadrons(1));
    assert_eq!(game.naval_on_turn_track(Faction::Hapsburg), NavalUnits::NONE);
    assert!(game.validate().is_ok());
    Ok(())
}

/// §10\*: a spring deployment may not cross a sea zone next to another
/// major power's ships in port, unless they are on loan to the deploying
/// power.
#[test]
fn loaned_ships_do_not_bar_the_receivers_spring_deployment() {
    let mut game = at_turn_4(|g| g.set_naval_units(port(Space::Barcelona), Faction::Hapsburg, squadrons(2)));
    let gulf = SeaZone::GulfOfLyon;
    assert!(!rules::spring::is_deployment_sea(&game, Power::France, gulf));
    agree(
        &mut game,
        Power::Hapsburg,
        Power::France,
        &[Action::Ally, Action::LendSquadronIn(Space::Barcelona), Action::LendSquadronIn(Space::Barcelona)],
    );
    // Both went to Marseille, on the same Gulf, as France's.
    assert_eq!(game.naval_units(port(Space::Marseille), Faction::France), squadrons(2));
    assert!(rules::spring::is_deployment_sea(&game, Power::France, gulf));
    assert!(!rules::spring::is_deployment_sea(&game, Power::Papacy, gulf));
}

// --- Winter ---------------------------------------------------------------------

/// §19.1, §19.3: in winter the Loaned markers come off and the ships go to
/// their owner's nearest port, not the receiver's; loaned leaders serve
/// their owner again.
#[test]
fn loaned_ships_go_home_to_their_owner_in_winter() -> R {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 2).with_fast_play(true));
    game.set_turn(2)?;
    game.set_phase(Phase::Action)?;
    game.set_alliance(Power::Ottoman, Power::France, true)?;
    game.set_naval_units(port(Space::Marseille), Faction::France, squadrons(3))?;
    game.set_loaned_squadrons(port(Space::Marseille), Power::France, Faction::Ottoman, 2)?;
    game.set_naval_units(sea(SeaZone::BarbaryCoast), Faction::France, squadrons(1))?;
    game.set_loaned_squadrons(sea(SeaZone::BarbaryCoast), Power::France, Faction::Ottoman, 1)?;
    game.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Marseille))?;
    game.set_naval_leader_loan(Leader::Barbarossa, Some(Power::France))?;
    assert!(game.any_loan());
    game.set_phase(Phase::Winter)?;
    game.run_automatic();
    while game.phase() == Phase::Winter {
        let action = game.legal_actions()[0];
        game.apply(action)?;
    }
    assert!(!game.any_loan());
    assert_eq!(game.naval_units(port(Space::Marseille), Faction::France), squadrons(1));
    assert_eq!(game.naval_units(port(Space::Marseille), Faction::Ottoman), NavalUnits::NONE);
    let ottoman_ports: u8 = game
        .naval_stacks()
        .filter(|&(at, f, _)| {
            f == Faction::Ottoman && matches!(at, NavalLocation::Port(s) if game.controller(s) == Faction::Ottoman)
        })
        .map(|(_, _, u)| u.squadrons)
        .sum();
    assert_eq!(ottoman_ports, 3, "all three Ottoman squadrons home");
    assert_eq!(game.leader_owner(Leader::Barbarossa), Some(Faction::Ottoman));
    let LeaderLocation::Space(home) = game.leader_location(Leader::Barbarossa) else { panic!("Barbarossa in a port") };
    assert_eq!(game.controller(home), Faction::Ottoman);
    Ok(())
}

// --- Edits, saves, observations -----------------------------------------------------

/// The edit API refuses loans the rules cannot give; `validate` too.
#[test]
fn impossible_loans_are_refused() -> R {
    let mut game = Game::empty(Setup::new(Scenario::Y1517, 0));
    game.set_phase(Phase::Action)?;
    let naples = port(Space::Naples);
    game.set_naval_units(naples, Faction::Hapsburg, squadrons(1))?;
    let before = game.clone();
    assert_eq!(game.set_loaned_squadrons(naples, Power::Hapsburg, Faction::France, 2), Err(EditError::BadLoan));
    assert_eq!(game.set_loaned_squadrons(naples, Power::Hapsburg, Faction::Hapsburg, 1), Err(EditError::BadLoan));
    assert_eq!(game.set_loaned_squadrons(naples, Power::Protestant, Faction::France, 1), Err(EditError::BadLoan));
    assert_eq!(game.set_naval_leader_loan(Leader::CharlesV, Some(Power::France)), Err(EditError::BadLoan));
    assert_eq!(game.set_naval_leader_loan(Leader::AndreaDoria, Some(Power::Protestant)), Err(EditError::BadLoan));
    assert_eq!(game, before);
    // A loan outside the turn's phases from negotiation to winter.
    game.set_loaned_squadrons(naples, Power::Hapsburg, Faction::France, 1)?;
    assert!(game.validate().is_ok());
    game.set_phase(Phase::NewWorld)?;
    assert!(game.validate().is_err());
    Ok(())
}

/// Loans are saved and read back; a save with more Loaned markers than
/// squadrons is refused. They are public: every observation shows them.
#[cfg(feature = "serde")]
#[test]
fn loans_are_saved_and_seen_by_all() -> R {
    let mut game = at_turn_4(|g| {
        g.set_naval_units(port(Space::Coron), Faction::Ottoman, squadrons(2))?;
        g.set_leader(Leader::Barbarossa, LeaderLocation::Space(Space::Coron))
    });
    agree(
        &mut game,
        Power::Ottoman,
        Power::France,
        &[Action::Ally, Action::LendSquadronIn(Space::Coron), Action::LendLeader(Leader::Barbarossa)],
    );
    let text = serde_json::to_string(&game)?;
    let back: Game = serde_json::from_str(&text)?;
    assert_eq!(back, game);
    let bad = text.replace(r#""loaned_from":[["ottoman",1]]"#, r#""loaned_from":[["ottoman",2]]"#);
    assert_ne!(bad, text);
    assert!(serde_json::from_str::<Game>(&bad).is_err());
    let marseille = port(Space::Marseille);
    for viewer in Power::ALL {
        let seen = game.observation(viewer);
        assert_eq!(seen.board().loaned_squadrons(marseille, Power::France, Faction::Ottoman), 1);
        assert_eq!(seen.board().naval_leader_loaned_to(Leader::Barbarossa), Some(Power::France));
        let mut rng = rand_pcg::Pcg64Mcg::new(7);
        let dealt = seen.determinize(&mut rng);
        assert_eq!(dealt.loaned_squadrons(marseille, Power::France, Faction::Ottoman), 1);
    }
    Ok(())
}
