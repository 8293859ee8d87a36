//! The Reformation (§18): targets, dice, ties and automatic success of
//! reformation and counter-reformation attempts; the religious CP actions;
//! debater bonuses; Luther's 95 Theses; the electorate regulars; the
//! religious victory.

use here_i_stand::rules::religion::{
    AttemptKind, BonusDice, ReligiousDice, attempt_dice, electorate_regulars_due, is_counter_reformation_target,
    is_reformation_target,
};
use here_i_stand::rules::victory::{Outcome, VictoryKind};
use here_i_stand::*;

use crate::common;
use common::{legal, play};

const REFORMATION: AttemptKind = AttemptKind::Reformation;
const COUNTER: AttemptKind = AttemptKind::CounterReformation;

fn empty() -> Game {
    Game::empty(Setup::new(Scenario::Y1517, 5).with_fast_play(true))
}

/// A bare 1517 board in the action phase, every hand empty.
fn action_phase(edit: impl FnOnce(&mut Game) -> Result<(), EditError>) -> Game {
    let mut game = empty();
    edit(&mut game).unwrap();
    game.set_phase(Phase::Action).unwrap();
    game.run_automatic();
    game
}

/// Applies `action` and returns what happened.
fn apply(game: &mut Game, action: Action) -> Vec<Event> {
    let mut log = Vec::new();
    game.apply_logged(action, &mut log).unwrap_or_else(|e| panic!("{action}: {e}"));
    log
}

/// The attempt events in `events`: (space, attacker dice, defender dice,
/// attacker's high, defender's high, success).
fn attempts(events: &[Event]) -> Vec<(Space, Dice, Dice, u8, u8, bool)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::ReformationAttempt { space, attacker, defender, attacker_high, defender_high, success, .. }
            | Event::CounterReformationAttempt { space, attacker, defender, attacker_high, defender_high, success } => {
                Some((space, attacker, defender, attacker_high, defender_high, success))
            }
            _ => None,
        })
        .collect()
}

/// Targets `space` with the attacker's dice showing `attack` and the
/// defender's `defence`; returns the one attempt made.
fn attempt(game: &mut Game, space: Space, attack: &[u8], defence: &[u8]) -> (Space, Dice, Dice, u8, u8, bool) {
    game.force_dice(attack).unwrap();
    game.force_dice(defence).unwrap();
    let events = apply(game, Action::Target(space));
    let made = attempts(&events);
    assert_eq!(made.len(), 1, "{events:?}");
    assert!(game.forced_dice().is_empty(), "unused forced dice: {:?}", game.forced_dice());
    made[0]
}

// --- Targets and dice (§18.2, §18.3, §18.4) ---------------------------------------------

/// §18.3 step 1: a Catholic space next to a Protestant one (even across a
/// pass, not in unrest), holding a reformer, or a port sharing a sea zone
/// with a Protestant port.
#[test]
fn reformation_targets() -> Result<(), EditError> {
    let mut game = empty();
    assert!(!is_reformation_target(&game, Space::Innsbruck));
    // Across the Augsburg-Innsbruck pass.
    game.set_religion(Space::Augsburg, Religion::Protestant)?;
    assert!(is_reformation_target(&game, Space::Innsbruck));
    assert!(!is_reformation_target(&game, Space::Augsburg));
    // A Protestant space in unrest qualifies nothing (§12.4); a target in unrest is fine.
    game.set_unrest(Space::Augsburg, true)?;
    assert!(!is_reformation_target(&game, Space::Innsbruck));
    game.set_unrest(Space::Augsburg, false)?;
    game.set_unrest(Space::Innsbruck, true)?;
    assert!(is_reformation_target(&game, Space::Innsbruck));
    // A reformer in a Catholic space.
    let mut game = empty();
    game.set_reformer(Reformer::Luther, ReformerState::OnMap)?;
    assert!(is_reformation_target(&game, Space::Wittenberg));
    // Ports on one sea zone: Bordeaux and Nantes share the Bay of Biscay.
    let mut game = empty();
    game.set_religion(Space::Nantes, Religion::Protestant)?;
    assert!(is_reformation_target(&game, Space::Bordeaux));
    // Ottoman spaces never.
    assert!(!is_reformation_target(&game, Space::Istanbul));
    Ok(())
}

/// §18.4 step 1: a Protestant space next to a Catholic one or holding a
/// Jesuit university.
#[test]
fn counter_reformation_targets() -> Result<(), EditError> {
    let mut game = empty();
    game.set_religion(Space::Wittenberg, Religion::Protestant)?;
    assert!(is_counter_reformation_target(&game, Space::Wittenberg));
    for s in Space::Wittenberg.land_neighbours() {
        game.set_religion(s, Religion::Protestant)?;
    }
    assert!(!is_counter_reformation_target(&game, Space::Wittenberg));
    game.set_jesuit_university(Space::Wittenberg, true)?;
    assert!(is_counter_reformation_target(&game, Space::Wittenberg));
    Ok(())
}

/// The dice of a reformation attempt on Innsbruck (clear: Salzburg,
/// Zurich; passes: Augsburg, Trent), one modifier at a time (§18.2, §18.3
/// steps 2 and 6).
#[test]
fn each_modifier_of_a_reformation_attempt() -> Result<(), EditError> {
    let target = Space::Innsbruck;
    let mut game = empty();
    let dice = |g: &Game| attempt_dice(g, REFORMATION, target, BonusDice::NONE);
    assert_eq!(dice(&game).attacker, ReligiousDice::default());
    assert_eq!(dice(&game).attacker.total(), 1, "at least one die");
    assert_eq!(dice(&game).defender.adjacent_spaces, 2);
    // An adjacent Protestant space: +1, and one Catholic space less.
    game.set_religion(Space::Salzburg, Religion::Protestant)?;
    assert_eq!((dice(&game).attacker.adjacent_spaces, dice(&game).defender.adjacent_spaces), (1, 1));
    // Across a pass: nothing.
    game.set_religion(Space::Augsburg, Religion::Protestant)?;
    game.set_land_units(Space::Augsburg, Faction::Protestant, LandUnits::regulars(2))?;
    game.set_jesuit_university(Space::Trent, true)?;
    game.set_land_units(Space::Trent, Faction::Papacy, LandUnits::regulars(1))?;
    assert_eq!(dice(&game).attacker.adjacent_spaces, 1);
    assert_eq!(dice(&game).attacker.adjacent_stacks, 0);
    assert_eq!(dice(&game).defender.adjacent_helpers + dice(&game).defender.adjacent_stacks, 0);
    // In unrest: nothing.
    game.set_unrest(Space::Salzburg, true)?;
    assert_eq!(dice(&game).attacker.adjacent_spaces, 0);
    game.set_unrest(Space::Salzburg, false)?;
    // An adjacent reformer: +1 (his space's religion does not matter).
    game.set_reformer(Reformer::Zwingli, ReformerState::OnMap)?;
    assert_eq!(dice(&game).attacker.adjacent_helpers, 1);
    game.set_unrest(Space::Zurich, true)?;
    assert_eq!(dice(&game).attacker.adjacent_helpers, 0);
    assert_eq!(dice(&game).defender.adjacent_spaces, 0, "Zurich in unrest counts for nobody");
    game.set_unrest(Space::Zurich, false)?;
    // An adjacent Protestant stack: +1 however many units or factions.
    game.set_land_units(Space::Salzburg, Faction::Protestant, LandUnits::regulars(3))?;
    assert_eq!(dice(&game).attacker.adjacent_stacks, 1);
    game.set_ruler(Power::England, Ruler::EdwardVi)?;
    game.set_land_units(Space::Salzburg, Faction::England, LandUnits::regulars(1))?;
    assert_eq!(dice(&game).attacker.adjacent_stacks, 1);
    // A Protestant stack in the target: +2.
    game.set_land_units(target, Faction::Protestant, LandUnits::regulars(1))?;
    assert!(dice(&game).attacker.stack_in_target);
    assert_eq!(dice(&game).attacker.total(), 1 + 1 + 1 + 2);
    // The Papal side: adjacent Catholic stack, stack in the target, universities.
    game.set_land_units(Space::Zurich, Faction::Hapsburg, LandUnits::regulars(2))?;
    assert_eq!(dice(&game).defender.adjacent_stacks, 1);
    game.set_land_units(target, Faction::Hapsburg, LandUnits::regulars(1))?;
    assert!(dice(&game).defender.stack_in_target);
    game.set_jesuit_university(Space::Zurich, true)?;
    assert_eq!(dice(&game).defender.adjacent_helpers, 1);
    game.set_jesuit_university(target, true)?;
    assert!(dice(&game).defender.helper_in_target);
    // Zurich (Catholic, Hapsburg stack, university) 3, target stack 2, university 2.
    assert_eq!(dice(&game).defender.total(), 3 + 2 + 2);
    // Neutral units count for nobody: Ottoman units, English units under Henry VIII.
    let mut game = empty();
    game.set_land_units(Space::Zurich, Faction::Ottoman, LandUnits::regulars(1))?;
    game.set_land_units(Space::Salzburg, Faction::England, LandUnits::regulars(1))?;
    assert_eq!(dice(&game).attacker.adjacent_stacks + dice(&game).defender.adjacent_stacks, 0);
    // A reformer in the target: +2.
    let mut game = empty();
    game.set_reformer(Reformer::Luther, ReformerState::OnMap)?;
    let witt = attempt_dice(&game, REFORMATION, Space::Wittenberg, BonusDice::NONE);
    assert!(witt.attacker.helper_in_target);
    assert_eq!(witt.attacker.total(), 2);
    // Bonus dice come on top of the base of at least 1.
    let bonus = BonusDice { debater: 1, theses: true, printing_press: true };
    assert_eq!(attempt_dice(&empty(), REFORMATION, target, bonus).attacker.total(), 4);
    // The Papacy attacking Innsbruck: Salzburg and Zurich, the debater, the Theses.
    let papal = attempt_dice(&empty(), COUNTER, target, bonus).attacker;
    assert_eq!(papal.total(), 2 + 2, "Printing Press helps reformations only");
    Ok(())
}

/// The engine rolls exactly the dice the breakdown counts (§18.3): a
/// crowded Innsbruck, 3 Protestant dice (Salzburg, its stack, Zwingli)
/// against 3 Papal ones (Zurich, the Hapsburg stack in Innsbruck).
#[test]
fn the_engine_rolls_the_counted_dice() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Salzburg, Religion::Protestant)?;
        g.set_land_units(Space::Salzburg, Faction::Protestant, LandUnits::regulars(2))?;
        g.set_reformer(Reformer::Zwingli, ReformerState::OnMap)?;
        g.set_land_units(Space::Innsbruck, Faction::Hapsburg, LandUnits::regulars(2))
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    let (space, attack, defence, high, def_high, success) =
        attempt(&mut game, Space::Innsbruck, &[2, 3, 4], &[5, 1, 1]);
    assert_eq!((space, attack.count(), defence.count()), (Space::Innsbruck, 3, 3));
    assert_eq!((high, def_high, success), (4, 5, false));
    assert_eq!(game.religion(Space::Innsbruck), Religion::Catholic);
    // A space is targeted once per impulse (§18.3).
    assert!(!legal(&game).contains(&Action::Target(Space::Innsbruck)));
    assert!(legal(&game).contains(&Action::Target(Space::Regensburg)));
}

/// §18.3 steps 5 and 8: in the target zone a tie and a 6 win (the 6 with
/// no Papal roll); outside it a tie loses and a 6 must be beaten.
#[test]
fn reformation_ties_and_automatic_success_in_the_zone() {
    let setup = |g: &mut Game| g.set_religion(Space::Strasburg, Religion::Protestant);
    let mut game = action_phase(setup);
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    // Worms (German): 1 die against 3 (Augsburg, Mainz, Nuremberg). A tie wins.
    let (.., success) = attempt(&mut game, Space::Worms, &[4], &[4, 1, 1]);
    assert!(success);
    assert_eq!(game.religion(Space::Worms), Religion::Protestant);
    // Metz (French zone): a tie loses.
    let (_, _, defence, ..) = attempt(&mut game, Space::Metz, &[4], &[4, 1, 1, 1]);
    assert_eq!(defence.count(), 4);
    assert_eq!(game.religion(Space::Metz), Religion::Catholic);
    // The series is over: back to the next impulse.
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));

    let mut game = action_phase(setup);
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    // A 6 in the zone: no Papal roll.
    let (_, _, defence, high, def_high, success) = attempt(&mut game, Space::Basel, &[6], &[]);
    assert_eq!((defence, high, def_high, success), (Dice::NONE, 6, 0, true));
    // A 6 outside it: the Papacy rolls, and its 6 ties, which it wins there.
    let (_, _, defence, .., success) = attempt(&mut game, Space::Metz, &[6], &[6, 1, 1, 1]);
    assert_eq!((defence.count(), success), (4, false));
}

/// §18.4 steps 5 and 8: ties go to the Protestant unless Paul III or
/// Julius III is Pope and the target is in the zone; so does automatic success.
#[test]
fn counter_reformation_ties_and_paul_iii() {
    let burn = |ruler: Ruler, zone: LanguageZone| {
        let mut game = action_phase(|g| {
            g.set_religion(Space::Strasburg, Religion::Protestant)?;
            g.set_ruler(Power::Papacy, ruler)
        });
        play(&mut game, Power::Papacy, Card::Gout);
        apply(&mut game, Action::BurnBooks(zone));
        game
    };
    // Strasburg: 4 Papal dice (Basel, Besançon, Metz, Worms) against 1.
    let mut game = burn(Ruler::LeoX, LanguageZone::German);
    let (_, attack, defence, .., success) = attempt(&mut game, Space::Strasburg, &[4, 1, 1, 1], &[4]);
    assert_eq!((attack.count(), defence.count(), success), (4, 1, false));
    assert_eq!(game.religion(Space::Strasburg), Religion::Protestant);

    let mut game = burn(Ruler::PaulIii, LanguageZone::German);
    let (.., success) = attempt(&mut game, Space::Strasburg, &[4, 1, 1, 1], &[4]);
    assert!(success);
    assert_eq!(game.religion(Space::Strasburg), Religion::Catholic);

    let mut game = burn(Ruler::PaulIii, LanguageZone::French);
    let (.., success) = attempt(&mut game, Space::Strasburg, &[4, 1, 1, 1], &[4]);
    assert!(!success, "outside the zone the tie is the Protestant's");

    // Automatic success: a 6 in the zone under Julius III, with no Protestant roll.
    let mut game = burn(Ruler::JuliusIii, LanguageZone::German);
    let (_, _, defence, .., success) = attempt(&mut game, Space::Strasburg, &[6, 1, 1, 1], &[]);
    assert_eq!((defence, success), (Dice::NONE, true));
    // Under Leo X a 6 is rolled against, and a Protestant 6 holds.
    let mut game = burn(Ruler::LeoX, LanguageZone::German);
    let (_, _, defence, .., success) = attempt(&mut game, Space::Strasburg, &[6, 1, 1, 1], &[6]);
    assert_eq!((defence.count(), success), (1, false));
}

// --- Luther's 95 Theses (§18.1) -------------------------------------------------------

/// Turn 1, phase 1: Luther in Wittenberg, which turns Protestant and gets
/// its 2 regulars; 5 German-zone attempts, each with +1 die; the card leaves
/// the game; then the card draw.
#[test]
fn luthers_95_theses() {
    let mut game = Game::new(Setup::new(Scenario::Y1517, 3));
    assert_eq!(game.phase(), Phase::LuthersTheses);
    assert_eq!(game.decider(), Decider::Power(Power::Protestant));
    assert_eq!(game.reformer_state(Reformer::Luther), ReformerState::OnMap);
    assert_eq!(game.religion(Space::Wittenberg), Religion::Protestant);
    assert_eq!(game.land_units(Space::Wittenberg, Faction::Protestant), LandUnits::regulars(2));
    assert!(!game.electorate_display().contains(Space::Wittenberg));
    assert!(game.electorate_display().contains(Space::Augsburg));
    assert!(game.removed_cards().contains(Card::Luthers95Theses));
    assert!(!game.hand(Power::Protestant).contains(Card::Luthers95Theses));
    // Leipzig: Wittenberg, Luther and the regulars, +1 die = 4; the Papacy
    // 3 Catholic neighbours and the Hungarian regular in Prague = 4.
    let (_, attack, defence, high, ..) = attempt(&mut game, Space::Leipzig, &[1, 1, 1, 3], &[4, 1, 1, 1]);
    assert_eq!((attack.count(), defence.count(), high), (4, 4, 3));
    let mut made = 1;
    while game.phase() == Phase::LuthersTheses {
        let Some(&Action::Target(space)) = legal(&game).first() else { panic!("a target to choose") };
        let expected = attempt_dice(&game, REFORMATION, space, BonusDice { theses: true, ..BonusDice::NONE });
        let mut events = apply(&mut game, Action::Target(space));
        if attempts(&events).is_empty() {
            // Bucer's bonus may be offered near Strasburg: declined.
            events = apply(&mut game, Action::Decline);
        }
        for (_, attack, defence, _, _, won) in attempts(&events) {
            assert_eq!(attack.count(), expected.attacker.total());
            assert!(defence.count() == expected.defender.total() || (won && defence == Dice::NONE));
            made += 1;
        }
    }
    assert_eq!(made, 5);
    assert_ne!(game.phase(), Phase::LuthersTheses);
}

/// The two-player game also starts with the 95 Theses (§24.3); 1532 does
/// not (#8 is a "(1517)" card), and has its New Testament tracks (§24.2).
#[test]
fn the_theses_by_scenario() {
    let game = Game::new(Setup::new(Scenario::TwoPlayer, 1));
    assert_eq!((game.phase(), game.religion(Space::Wittenberg)), (Phase::LuthersTheses, Religion::Protestant));
    let game = Game::new(Setup::new(Scenario::Y1532, 1));
    assert_ne!(game.phase(), Phase::LuthersTheses);
    let tracks = [LanguageZone::German, LanguageZone::French, LanguageZone::English].map(|z| game.new_testament(z));
    assert_eq!(tracks, [6, 4, 2]);
}

// --- Debater bonuses (§18.2) --------------------------------------------------------

/// Carlstadt, committed before the series: 3 attempts in the German zone,
/// and unrest in a German target when one fails (§18.1, §18.3 step 8).
#[test]
fn carlstadt_turns_failures_into_unrest() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Strasburg, Religion::Protestant)?;
        g.set_debater(Debater::Carlstadt, DebaterState::Uncommitted)?;
        g.set_debater(Debater::Bucer, DebaterState::Uncommitted)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::French));
    assert!(legal(&game).contains(&Action::CommitDebater(Debater::Carlstadt)));
    let events = apply(&mut game, Action::CommitDebater(Debater::Carlstadt));
    assert!(events.contains(&Event::DebaterCommitted(Debater::Carlstadt)));
    assert_eq!(game.debater_state(Debater::Carlstadt), DebaterState::Committed);
    assert!(game.debater_bonus_used(Power::Protestant));
    // German Worms fails: unrest. Bucer is not offered: one bonus per impulse.
    let (.., success) = attempt(&mut game, Space::Worms, &[1], &[6, 6, 6]);
    assert!(!success);
    assert!(game.in_unrest(Space::Worms));
    // French Metz fails: no unrest.
    attempt(&mut game, Space::Metz, &[1], &[6, 6, 6, 6]);
    assert!(!game.in_unrest(Space::Metz));
    // A third attempt, now in the German zone: Basel ties and wins.
    let (.., success) = attempt(&mut game, Space::Basel, &[3], &[3, 1, 1]);
    assert!(success);
    assert!(!game.in_unrest(Space::Basel));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
}

/// An extra-die debater is offered after the target is chosen, before the
/// roll, only where his bonus applies; it lasts for the rest of the series.
#[test]
fn bucer_adds_a_die_near_strasburg() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Strasburg, Religion::Protestant)?;
        g.set_debater(Debater::Bucer, DebaterState::Uncommitted)?;
        g.set_debater(Debater::Zwingli, DebaterState::Uncommitted)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    apply(&mut game, Action::Target(Space::Worms));
    assert_eq!(legal(&game), vec![Action::Decline, Action::CommitDebater(Debater::Bucer)]);
    game.force_dice(&[1, 2, 6, 6, 6]).unwrap();
    let events = apply(&mut game, Action::CommitDebater(Debater::Bucer));
    let (_, attack, ..) = attempts(&events)[0];
    assert_eq!(attack.count(), 2);
    // Basel, within 2 of Strasburg, keeps the die without a new prompt.
    let (_, attack, ..) = attempt(&mut game, Space::Basel, &[1, 2], &[6, 6, 6]);
    assert_eq!(attack.count(), 2);
}

/// England publishes treatises only with Cranmer on the map, in the English
/// zone, for 3 CP, and may commit only Cranmer, Latimer, Wishart or Knox.
#[test]
fn england_publishes_with_cranmer() {
    let mut game = action_phase(|_| Ok(()));
    play(&mut game, Power::England, Card::MachiavelliThePrince);
    assert!(!legal(&game).iter().any(|a| matches!(a, Action::PublishTreatise(_))));
    let mut game = action_phase(|g| {
        g.set_reformer(Reformer::Cranmer, ReformerState::OnMap)?;
        g.set_debater(Debater::Latimer, DebaterState::Uncommitted)?;
        g.set_debater(Debater::Bucer, DebaterState::Uncommitted)
    });
    play(&mut game, Power::England, Card::Gout);
    assert!(!legal(&game).contains(&Action::PublishTreatise(LanguageZone::English)), "3 CP");
    let mut game = action_phase(|g| {
        g.set_reformer(Reformer::Cranmer, ReformerState::OnMap)?;
        g.set_debater(Debater::Latimer, DebaterState::Uncommitted)
    });
    play(&mut game, Power::England, Card::MachiavelliThePrince);
    let treatises: Vec<_> = legal(&game).into_iter().filter(|a| matches!(a, Action::PublishTreatise(_))).collect();
    assert_eq!(treatises, vec![Action::PublishTreatise(LanguageZone::English)]);
    apply(&mut game, Action::PublishTreatise(LanguageZone::English));
    assert_eq!(game.decider(), Decider::Power(Power::England));
    apply(&mut game, Action::Target(Space::London));
    assert_eq!(legal(&game), vec![Action::Decline, Action::CommitDebater(Debater::Latimer)]);
    game.force_dice(&[6, 1, 1]).unwrap();
    let events = apply(&mut game, Action::CommitDebater(Debater::Latimer));
    let attempt = events.iter().find(|e| matches!(e, Event::ReformationAttempt { .. })).expect("an attempt");
    // Cranmer in London (+2) and Latimer (+1); a 6 in the zone wins.
    assert!(matches!(
        *attempt,
        Event::ReformationAttempt { power: Power::England, attacker, success: true, .. } if attacker.count() == 3
    ));
}

/// Tetzel adds 1 CP to St Peter's for each attempt of his Burn Books
/// (§18.4 step 9, the rule text).
#[test]
fn tetzel_builds_st_peters_per_attempt() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Strasburg, Religion::Protestant)?;
        g.set_religion(Space::Zurich, Religion::Protestant)?;
        g.set_debater(Debater::Tetzel, DebaterState::Uncommitted)?;
        g.set_debater(Debater::Cajetan, DebaterState::Uncommitted)
    });
    play(&mut game, Power::Papacy, Card::Gout);
    apply(&mut game, Action::BurnBooks(LanguageZone::German));
    let offered: Vec<_> = legal(&game).into_iter().filter(|a| matches!(a, Action::CommitDebater(_))).collect();
    assert_eq!(offered, vec![Action::CommitDebater(Debater::Tetzel), Action::CommitDebater(Debater::Cajetan)]);
    apply(&mut game, Action::CommitDebater(Debater::Tetzel));
    attempt(&mut game, Space::Strasburg, &[1, 1, 1, 1], &[6]);
    attempt(&mut game, Space::Zurich, &[1, 1], &[6]);
    assert_eq!(game.st_peters_cp(), 2);
}

// --- Religious CP actions (§18.1) ---------------------------------------------------

/// Completing the New Testament gives 6 attempts in its zone; completing
/// the Full Bible 6 with +1 per die and +1 VP (§18.1).
#[test]
fn translation_tracks() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Wittenberg, Religion::Protestant)?;
        g.set_translation(LanguageZone::German, 5, 0)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    assert!(!legal(&game).contains(&Action::TranslateScripture(LanguageZone::Italian)));
    let events = apply(&mut game, Action::TranslateScripture(LanguageZone::German));
    assert!(events.contains(&Event::ScriptureTranslated {
        zone: LanguageZone::German,
        new_testament: 6,
        full_bible: 0
    }));
    let mut made = 0;
    while legal(&game).iter().any(|a| matches!(a, Action::Target(_) | Action::Decline)) {
        let action = legal(&game)[0];
        made += attempts(&apply(&mut game, action)).len();
    }
    assert_eq!(made, 6);
    // Back to the impulse's last CP: the Full Bible begins.
    apply(&mut game, Action::TranslateScripture(LanguageZone::German));
    assert_eq!((game.new_testament(LanguageZone::German), game.full_bible(LanguageZone::German)), (6, 1));

    let mut game = action_phase(|g| {
        g.set_religion(Space::Wittenberg, Religion::Protestant)?;
        g.set_translation(LanguageZone::German, 6, 9)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::TranslateScripture(LanguageZone::German));
    assert_eq!(game.bonus_vp(Power::Protestant), 1);
    assert!(!legal(&game).contains(&Action::TranslateScripture(LanguageZone::German)));
    // A 5 becomes a 6 in the zone: automatic success.
    let (_, _, defence, high, _, success) = attempt(&mut game, Space::Leipzig, &[5], &[]);
    assert_eq!((defence, high, success), (Dice::NONE, 6, true));
}

/// The zone's translation debater adds a free box once 1 CP went to that
/// zone this impulse, even after the last CP (§18.1, §18.2).
#[test]
fn a_translation_debater_adds_a_box() {
    let mut game = action_phase(|g| g.set_debater(Debater::Luther, DebaterState::Uncommitted));
    play(&mut game, Power::Protestant, Card::Arquebusiers);
    assert!(!legal(&game).contains(&Action::CommitDebater(Debater::Luther)));
    apply(&mut game, Action::TranslateScripture(LanguageZone::German));
    assert_eq!(legal(&game), vec![Action::Done, Action::CommitDebater(Debater::Luther)]);
    apply(&mut game, Action::CommitDebater(Debater::Luther));
    assert_eq!(game.new_testament(LanguageZone::German), 2);
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
    // Without a debater to commit, the impulse ends with its last CP.
    let mut game = action_phase(|_| Ok(()));
    play(&mut game, Power::Protestant, Card::Arquebusiers);
    apply(&mut game, Action::TranslateScripture(LanguageZone::English));
    assert_eq!(game.decider(), Decider::Power(Power::Ottoman));
}

/// St Peter's: 1 CP a box, the fifth CP a VP, at most 5 VP (§18.1).
#[test]
fn st_peters() {
    let mut game = action_phase(|g| g.set_st_peters_cp(3));
    play(&mut game, Power::Papacy, Card::Gout);
    apply(&mut game, Action::BuildStPeters);
    assert_eq!((game.st_peters_cp(), game.st_peters_vp()), (4, 0));
    let events = apply(&mut game, Action::BuildStPeters);
    assert!(events.contains(&Event::StPetersCp { cp: 1 }));
    assert_eq!((game.st_peters_cp(), game.st_peters_vp()), (0, 1));
    let mut game = action_phase(|g| {
        g.set_st_peters_vp(4)?;
        g.set_st_peters_cp(4)
    });
    play(&mut game, Power::Papacy, Card::Gout);
    apply(&mut game, Action::BuildStPeters);
    assert_eq!((game.st_peters_cp(), game.st_peters_vp()), (0, 5));
    assert!(!legal(&game).contains(&Action::BuildStPeters), "the track is full");
}

/// Jesuit universities only after Society of Jesus; 3 CP, or 2 with Loyola,
/// once per impulse (§18.1, §18.2).
#[test]
fn jesuit_universities_need_the_society_of_jesus() {
    let mut game = action_phase(|g| g.set_debater(Debater::Loyola, DebaterState::Uncommitted));
    play(&mut game, Power::Papacy, Card::Copernicus);
    assert!(!legal(&game).contains(&Action::FoundUniversity));
    assert!(!legal(&game).contains(&Action::CommitDebater(Debater::Loyola)));

    let mut game = action_phase(|g| {
        g.set_debater(Debater::Loyola, DebaterState::Uncommitted)?;
        g.remove_card(Card::SocietyOfJesus)
    });
    play(&mut game, Power::Papacy, Card::Copernicus); // 6 CP
    apply(&mut game, Action::CommitDebater(Debater::Loyola));
    assert!(legal(&game).contains(&Action::PlaceUniversity(Space::Rome)));
    assert!(!legal(&game).contains(&Action::PlaceUniversity(Space::Istanbul)));
    let events = apply(&mut game, Action::PlaceUniversity(Space::Rome));
    assert!(events.contains(&Event::UniversityFounded(Space::Rome)));
    assert!(game.jesuit_universities().contains(Space::Rome));
    assert!(!legal(&game).contains(&Action::PlaceUniversity(Space::Rome)));
    // 4 CP left: a second university costs 3 (Loyola is committed).
    assert!(!legal(&game).contains(&Action::CommitDebater(Debater::Loyola)));
    apply(&mut game, Action::FoundUniversity);
    apply(&mut game, Action::PlaceUniversity(Space::Ravenna));
    assert_eq!(game.decider(), Decider::Power(Power::Papacy), "1 CP left");
    assert!(!legal(&game).contains(&Action::FoundUniversity));
}

// --- Electorates (§18.7, §21.6) ------------------------------------------------------

/// Before the Schmalkaldic League an electorate turning Protestant gets its
/// regulars from the Electorate Display at once; after it, only when it is
/// also Protestant-controlled and not under siege.
#[test]
fn electorate_regulars() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Worms, Religion::Protestant)?;
        g.set_on_electorate_display(Space::Mainz, true)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    game.force_dice(&[6]).unwrap();
    let events = apply(&mut game, Action::Target(Space::Mainz));
    assert!(events.contains(&Event::ElectorateRegularsPlaced { space: Space::Mainz, regulars: 1 }));
    assert_eq!(game.land_units(Space::Mainz, Faction::Protestant), LandUnits::regulars(1));
    assert!(!game.electorate_display().contains(Space::Mainz));

    // After the League: Hapsburg-controlled Mainz keeps them off the map.
    let league = |g: &mut Game| {
        g.set_religion(Space::Worms, Religion::Protestant)?;
        g.set_on_electorate_display(Space::Mainz, true)?;
        g.set_schmalkaldic_league(true)
    };
    let mut game = action_phase(league);
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    game.force_dice(&[6]).unwrap();
    apply(&mut game, Action::Target(Space::Mainz));
    assert_eq!(game.religion(Space::Mainz), Religion::Protestant);
    assert!(game.land_units(Space::Mainz, Faction::Protestant).is_empty());
    assert!(game.electorate_display().contains(Space::Mainz));
    // Protestant-controlled: due; under siege by an enemy: not.
    game.set_controller(Space::Mainz, Faction::Protestant).unwrap();
    assert!(electorate_regulars_due(&game, Space::Mainz));
    game.set_war(Faction::Hapsburg, Faction::Protestant, true).unwrap();
    game.set_land_units(Space::Mainz, Faction::Hapsburg, LandUnits::regulars(2)).unwrap();
    assert!(!electorate_regulars_due(&game, Space::Mainz));

    // After the League, a Protestant-controlled electorate turning Protestant.
    let mut game = action_phase(|g| {
        league(g)?;
        g.set_controller(Space::Mainz, Faction::Protestant)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    game.force_dice(&[6]).unwrap();
    apply(&mut game, Action::Target(Space::Mainz));
    assert_eq!(game.land_units(Space::Mainz, Faction::Protestant), LandUnits::regulars(1));
}

// --- Religious victory (§23.1) -------------------------------------------------------

/// Makes `n` Catholic spaces Protestant, Wittenberg first, never Leipzig;
/// returns them.
fn protestant_spaces(game: &mut Game, n: usize) -> Result<Vec<Space>, EditError> {
    let others = Space::ALL.into_iter().filter(|&s| s != Space::Wittenberg && s != Space::Leipzig);
    let spaces: Vec<Space> = core::iter::once(Space::Wittenberg)
        .chain(others)
        .filter(|&s| game.in_play(s) && game.religion(s) == Religion::Catholic)
        .take(n)
        .collect();
    assert_eq!(spaces.len(), n);
    for &space in &spaces {
        game.set_religion(space, Religion::Protestant)?;
    }
    Ok(spaces)
}

/// `n` Protestant spaces (the last one in unrest if `unrest`), then a
/// reformation attempt turning Leipzig Protestant.
fn flip_leipzig(n: usize, unrest: bool) -> Game {
    let mut game = action_phase(|g| {
        let spaces = protestant_spaces(g, n)?;
        if unrest {
            g.set_unrest(spaces[n - 1], true)?;
        }
        Ok(())
    });
    assert_eq!(game.outcome(), None);
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    game.force_dice(&[6]).unwrap();
    let events = apply(&mut game, Action::Target(Space::Leipzig));
    assert_eq!(game.religion(Space::Leipzig), Religion::Protestant);
    assert_eq!(game.protestant_spaces().len(), n + 1);
    if let Some(outcome) = game.outcome() {
        assert!(events.contains(&Event::GameOver(outcome)));
    }
    game
}

/// The 50th Protestant space not in unrest wins at once (§23.1, seed 000);
/// 49 do not, nor 50 with one in unrest.
#[test]
fn the_fiftieth_protestant_space_wins() {
    let verdict = Some(Outcome { winner: Power::Protestant, kind: VictoryKind::Religious });
    assert_eq!(flip_leipzig(49, false).outcome(), verdict);
    assert_eq!(flip_leipzig(48, false).outcome(), None);
    assert_eq!(flip_leipzig(49, true).outcome(), None, "one of the 50 is in unrest");
    assert_eq!(flip_leipzig(50, true).outcome(), verdict);
}

// --- Play -----------------------------------------------------------------------------

#[cfg(feature = "serde")]
#[test]
fn a_series_in_progress_round_trips() {
    let mut game = action_phase(|g| {
        g.set_religion(Space::Strasburg, Religion::Protestant)?;
        g.set_debater(Debater::Bucer, DebaterState::Uncommitted)
    });
    play(&mut game, Power::Protestant, Card::Gout);
    apply(&mut game, Action::PublishTreatise(LanguageZone::German));
    apply(&mut game, Action::Target(Space::Worms));
    let text = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.legal_actions(), game.legal_actions());
}

/// Random play makes reformation and counter-reformation attempts, and ends.
#[test]
fn random_play_reforms_and_counter_reforms() {
    use rand_core::{Rng, SeedableRng};
    let (mut reformations, mut counters, mut translations) = (0, 0, 0);
    for seed in 0..4u64 {
        let mut game = Game::new(Setup::new(Scenario::Y1517, seed));
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut log = Vec::new();
        for _ in 0..200_000 {
            let Decider::Power(_) = game.decider() else { break };
            let actions = game.legal_actions();
            let pick = ((u128::from(rng.next_u64()) * actions.len() as u128) >> 64) as usize;
            log.clear();
            game.apply_logged(actions[pick], &mut log).unwrap();
            for event in &log {
                match event {
                    Event::ReformationAttempt { .. } => reformations += 1,
                    Event::CounterReformationAttempt { .. } => counters += 1,
                    Event::ScriptureTranslated { .. } => translations += 1,
                    _ => {}
                }
            }
        }
        assert!(matches!(game.decider(), Decider::Terminal(_)), "seed {seed} ends");
        game.validate().unwrap();
    }
    assert!(reformations > 20 && counters > 5 && translations > 5, "{reformations} {counters} {translations}");
}
