//! A readable game (issue #19 item 4): `Display` for `Event` and `Outcome`,
//! and `Game::summary`.

use here_i_stand::rules::victory::VictoryKind;
use here_i_stand::*;

use crate::common;

/// Events name spaces, powers, cards and dice as a player would.
#[test]
fn events_read_as_english() {
    let cases: [(Event, &str); 8] = [
        (
            Event::FormationMoved {
                power: Power::France,
                from: Space::Paris,
                to: Space::Lyon,
                units: LandUnits { regulars: 4, mercenaries: 1, cavalry: 0 },
                leaders: 1,
            },
            "France moves 4 regulars, 1 mercenary with 1 leader from Paris to Lyon",
        ),
        (
            Event::CardPlayedForCp { power: Power::Ottoman, card: Card::Janissaries, cp: 5 },
            "Ottoman plays Janissaries (#1) for 5 CP",
        ),
        (
            Event::FieldBattle {
                attacker: Power::Ottoman,
                defender: Faction::Hapsburg,
                space: Space::Vienna,
                attacker_dice: Dice::of(&[2, 6, 5]),
                defender_dice: Dice::of(&[1, 5]),
                winner: Faction::Ottoman,
            },
            "Field battle at Vienna: Ottoman rolls 6 5 2 (2 hits), Hapsburg rolls 5 1 (1 hit): Ottoman wins",
        ),
        (
            Event::ControlChanged { space: Space::Buda, from: Faction::HungaryBohemia, to: Faction::Ottoman },
            "Buda passes from Hungary-Bohemia to Ottoman control",
        ),
        (
            Event::ReligionChanged { space: Space::Wittenberg, religion: Religion::Protestant },
            "Wittenberg turns Protestant",
        ),
        (
            Event::InterceptionAttempt {
                power: Power::Hapsburg,
                from: Space::Graz,
                to: Space::Vienna,
                dice: Dice::of(&[4, 4]),
                modifier: 1,
                success: true,
            },
            "Hapsburg tries to intercept from Graz into Vienna: rolled 4 4 +1 (9), succeeded",
        ),
        (Event::PhaseBegan { turn: 2, phase: Phase::Action }, "Turn 2: Action phase"),
        (
            Event::GameOver(Outcome { winner: Power::Papacy, kind: VictoryKind::Domination }),
            "Game over: Papacy wins a domination victory (§23.3)",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
    }
}

/// `Display` for `Outcome` names the winner, the kind of victory and its rule (§23).
#[test]
fn outcomes_read_as_english() {
    let outcome = Outcome { winner: Power::Protestant, kind: VictoryKind::Religious };
    assert_eq!(outcome.to_string(), "Protestant wins a religious victory (§23.1)");
    let outcome = Outcome { winner: Power::France, kind: VictoryKind::Time };
    assert_eq!(outcome.to_string(), "France wins a time victory (§23.3)");
}

/// Every event of random games is one line of English: no ids, no Debug
/// braces, no line break.
#[test]
fn every_event_of_random_games_is_one_line() {
    let mut seen = 0;
    for (seed, scenario) in [(1, Scenario::Y1517), (2, Scenario::Y1532), (3, Scenario::TwoPlayer)] {
        let mut game = Game::new(Setup::new(scenario, seed));
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..4000 {
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut log = Vec::new();
            game.apply_logged(actions[(state % actions.len() as u64) as usize], &mut log).unwrap();
            for event in log {
                let line = event.to_string();
                assert!(!line.is_empty() && !line.contains(['\n', '{', '_']), "{line} from {event:?}");
                seen += 1;
            }
        }
    }
    assert!(seen > 1000, "{seen}");
}

/// The summary gives the turn and phase, VP, wars, alliances, hand sizes
/// and the notable spaces with control, religion, unrest, units and leaders.
#[test]
fn the_summary_shows_the_position() {
    let mut game = common::board(0);
    game.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    common::vienna_armies(&mut game).unwrap();
    game.set_unrest(Space::Graz, true).unwrap();
    game.give_card(Power::France, common::card_with_cp(2)).unwrap();
    let summary = game.summary();
    let lines: Vec<&str> = summary.lines().collect();
    assert!(lines[0].starts_with("Turn 1, "), "{summary}");
    assert!(summary.contains("VP: Ottoman "), "{summary}");
    assert!(summary.contains("Wars: Ottoman and Hapsburg\n"), "{summary}");
    assert!(summary.contains("Hands: Ottoman 0, Hapsburg 0, England 0, France 1, Papacy 0, Protestant 0"), "{summary}");
    assert!(
        summary.contains(
            "  Pressburg: Ottoman, Catholic; Ottoman 7 regulars, 1 cavalry; leaders Suleiman, Ibrahim Pasha\n"
        ),
        "{summary}"
    );
    assert!(
        summary.contains("  Graz: Hapsburg, Catholic, unrest; Hapsburg 8 regulars; leaders Charles V\n"),
        "{summary}"
    );
    assert!(!summary.contains("  Lyon:"), "nothing notable in Lyon: {summary}");
}

/// The two-player summary lists only the Papacy and the Protestant (§24.3).
#[test]
fn the_two_player_summary_lists_two_powers() {
    let summary = Game::new(Setup::new(Scenario::TwoPlayer, 1)).summary();
    let vp = summary.lines().find(|l| l.starts_with("VP: ")).unwrap();
    assert!(vp.starts_with("VP: Papacy ") && vp.contains(", Protestant ") && !vp.contains("France"), "{vp}");
}

/// The verb agrees with the count (issue #34 item 6): "1 mercenary goes
/// home", "2 regulars go home".
#[test]
fn verbs_agree_with_the_count_of_units() {
    let back = |units| Event::WinterReturn { faction: Faction::France, from: Space::Milan, to: Space::Lyon, units };
    let one = LandUnits { mercenaries: 1, ..LandUnits::NONE };
    let two = LandUnits { regulars: 2, ..LandUnits::NONE };
    assert_eq!(back(one).to_string(), "France 1 mercenary goes home for winter from Milan to Lyon");
    assert_eq!(back(two).to_string(), "France 2 regulars go home for winter from Milan to Lyon");
    let retreat = Event::Retreated { faction: Faction::France, from: Space::Milan, to: Space::Lyon, units: one };
    assert_eq!(retreat.to_string(), "France 1 mercenary retreats from Milan to Lyon");
}
