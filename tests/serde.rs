//! Serde for `Game`: round trips, and hostile input that must be refused
//! without a panic.
#![cfg(feature = "serde")]

use here_i_stand::{
    Card, Debater, DebaterState, Faction, Game, LandUnits, Leader, LeaderLocation, MinorPower, NavalLocation,
    NavalUnits, Phase, Power, Reformer, ReformerState, Religion, Ruler, Scenario, SeaZone, Setup, Space,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn to_json(game: &Game) -> String {
    serde_json::to_string(game).expect("a game serializes")
}

fn from_json(text: &str) -> Result<Game, serde_json::Error> {
    serde_json::from_str(text)
}

fn assert_round_trip(game: &Game) {
    let text = to_json(game);
    let back = from_json(&text).expect("a serialized game reads back");
    assert_eq!(&back, game);
    // And through a pretty printer, as a user would store it.
    let pretty = serde_json::to_string_pretty(game).expect("pretty");
    assert_eq!(&from_json(&pretty).expect("pretty reads back"), game);
}

/// A position with a bit of everything, built with the editing API.
fn edited_game() -> Game {
    let mut g = Game::empty(Setup::new(Scenario::Y1517, 42).with_fast_play(true));
    g.set_turn(3).unwrap();
    g.set_phase(Phase::Action).unwrap();
    // Units, a siege, a stack placed then removed.
    let ottoman = LandUnits { regulars: 7, mercenaries: 0, cavalry: 3 };
    g.set_land_units(Space::Vienna, Faction::Ottoman, ottoman).unwrap();
    let defenders = LandUnits { regulars: 2, mercenaries: 2, cavalry: 0 };
    g.set_besieged_units(Space::Vienna, Faction::Hapsburg, defenders).unwrap();
    g.set_land_units(Space::Paris, Faction::France, LandUnits::regulars(4)).unwrap();
    g.set_land_units(Space::Buda, Faction::HungaryBohemia, LandUnits::regulars(5)).unwrap();
    g.set_land_units(Space::Venice, Faction::Venice, LandUnits::regulars(2)).unwrap();
    g.set_land_units(Space::Metz, Faction::Independent, LandUnits::regulars(1)).unwrap();
    g.set_land_units(Space::Paris, Faction::France, LandUnits::NONE).unwrap();
    g.set_land_units(Space::Lyon, Faction::France, LandUnits::regulars(3)).unwrap();
    // Removing a stack frees a slot: equal positions must still compare equal.
    g.set_land_units(Space::Metz, Faction::Independent, LandUnits::NONE).unwrap();
    // Ships: in port, at sea, corsairs, and losses on the turn track.
    g.set_naval_units(NavalLocation::Port(Space::Istanbul), Faction::Ottoman, NavalUnits::squadrons(2)).unwrap();
    g.set_naval_units(NavalLocation::Port(Space::Salonika), Faction::Ottoman, NavalUnits::squadrons(1)).unwrap();
    g.set_naval_units(
        NavalLocation::Sea(SeaZone::AegeanSea),
        Faction::Ottoman,
        NavalUnits { squadrons: 1, corsairs: 2 },
    )
    .unwrap();
    g.set_naval_units(NavalLocation::Port(Space::Venice), Faction::Venice, NavalUnits::squadrons(3)).unwrap();
    g.set_naval_units(NavalLocation::Port(Space::Istanbul), Faction::Ottoman, NavalUnits::NONE).unwrap();
    g.set_naval_on_turn_track(Faction::Hapsburg, NavalUnits::squadrons(1)).unwrap();
    // Leaders: on the map, at sea, captured, away; the renegade serving France.
    g.set_leader(Leader::Suleiman, LeaderLocation::Space(Space::Vienna)).unwrap();
    g.set_leader(Leader::CharlesV, LeaderLocation::Captured(Power::Ottoman)).unwrap();
    g.set_leader(Leader::Barbarossa, LeaderLocation::Sea(SeaZone::AegeanSea)).unwrap();
    g.set_leader(Leader::Dudley, LeaderLocation::TurnTrack).unwrap();
    g.set_leader(Leader::HenryIi, LeaderLocation::Removed).unwrap();
    g.set_renegade_owner(Some(Power::France)).unwrap();
    g.set_leader(Leader::Renegade, LeaderLocation::Space(Space::Lyon)).unwrap();
    // The map.
    g.set_controller(Space::Belgrade, Faction::Ottoman).unwrap();
    g.set_religion(Space::Wittenberg, Religion::Protestant).unwrap();
    g.set_unrest(Space::Mainz, true).unwrap();
    // People and rulers.
    g.set_debater(Debater::Luther, DebaterState::Committed).unwrap();
    g.set_debater(Debater::Tetzel, DebaterState::Burned).unwrap();
    g.set_reformer(Reformer::Luther, ReformerState::OnMap).unwrap();
    g.set_ruler(Power::Papacy, Ruler::ClementVii).unwrap();
    g.set_excommunicated(Ruler::Luther, true).unwrap();
    // Diplomacy.
    g.set_war(Power::Ottoman, Power::Hapsburg, true).unwrap();
    g.set_war(Power::Papacy, Power::Protestant, true).unwrap();
    g.set_war(Power::France, MinorPower::Genoa, true).unwrap();
    g.set_alliance(Power::Hapsburg, MinorPower::HungaryBohemia, true).unwrap();
    g.set_alliance(Power::France, Power::Ottoman, true).unwrap();
    // Cards.
    g.give_card(Power::Ottoman, Card::Janissaries).unwrap();
    g.give_card(Power::Ottoman, Card::BarbaryPirates).unwrap();
    g.give_card(Power::Papacy, Card::PapalBull).unwrap();
    g.give_card(Power::Papacy, Card::LeipzigDebate).unwrap();
    g.give_card(Power::France, Card::DefenderOfTheFaith).unwrap();
    g.discard_card(Card::MasterOfItaly).unwrap();
    g.put_card_in_deck(Card::ThomasMore).unwrap();
    g.put_card_in_deck(Card::WarInPersia).unwrap();
    g.remove_card(Card::Luthers95Theses).unwrap();
    g.set_card_penalties(Power::England, 1).unwrap();
    // Victory points.
    g.set_bonus_vp(Power::Protestant, 2).unwrap();
    g.set_bonus_vp(Power::Papacy, -1).unwrap();
    g.set_piracy_vp(3).unwrap();
    g.set_chateaux_vp(1).unwrap();
    g.set_st_peters_vp(2).unwrap();
    g.set_heir_vp(2).unwrap();
    g.set_schmalkaldic_league(true).unwrap();
    g.set_vp_history(1, [10, 12, 9, 11, 15, 2]).unwrap();
    g.set_vp_history(2, [11, 13, 9, 12, 14, 6]).unwrap();
    assert_eq!(g.validate(), Ok(()));
    g
}

#[test]
fn scenarios_round_trip() {
    for scenario in [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer] {
        for seed in [0, 1, u64::MAX] {
            assert_round_trip(&Game::new(Setup::new(scenario, seed)));
        }
    }
}

#[test]
fn edited_position_round_trips() {
    let game = edited_game();
    assert_round_trip(&game);
    let back = from_json(&to_json(&game)).unwrap();
    assert!(back.is_besieged(Space::Vienna, Faction::Hapsburg));
    assert_eq!(back.leader_location(Leader::CharlesV), LeaderLocation::Captured(Power::Ottoman));
    assert!(back.at_war(Power::Hapsburg, Power::Ottoman));
    assert!(back.hand(Power::Papacy).contains(Card::PapalBull));
    assert!(back.discard_pile().contains(Card::MasterOfItaly));
}

#[test]
fn json_is_readable() {
    let value: Value = serde_json::to_value(edited_game()).unwrap();
    assert_eq!(value["turn"], json!(3));
    assert_eq!(value["phase"], json!("action"));
    assert_eq!(
        value["setup"],
        json!({"scenario": "y1517", "seed": 42, "fast_play": true, "players": [0, 1, 2, 3, 4, 5]})
    );
    assert_eq!(value["control"]["belgrade"], json!("ottoman"));
    assert_eq!(value["religion"]["istanbul"], json!("other"));
    assert_eq!(value["unrest"], json!(["mainz"]));
    assert_eq!(value["leaders"]["charles_v"], json!({"captured": "ottoman"}));
    assert_eq!(value["leaders"]["suleiman"], json!({"space": "vienna"}));
    assert_eq!(value["hands"]["papacy"], json!(["papal_bull", "leipzig_debate"]));
    assert_eq!(value["rulers"]["papacy"], json!("clement_vii"));
    assert_eq!(value["wars"], json!([["ottoman", "hapsburg"], ["france", "genoa"], ["papacy", "protestant"]]));
    assert!(value["land"].as_array().unwrap().contains(&json!({
        "space": "vienna",
        "faction": "hapsburg",
        "units": {"regulars": 2, "mercenaries": 2, "cavalry": 0},
        "besieged": true,
    })));
    assert_eq!(value["vp_history"].as_array().unwrap().len(), 9);
    assert_eq!(value["vp_history"][1]["papacy"], json!(14));
    // The 128-bit dice state is a string: JSON readers lose large numbers.
    let state = value["rng"]["state"].as_str().unwrap();
    assert!(state.parse::<u128>().is_ok_and(|s| s % 2 == 1), "{state}");
}

#[test]
fn the_dice_state_is_part_of_the_game() {
    // Same position, other seed: other dice, so another game.
    let a = Game::empty(Setup::new(Scenario::Y1517, 1).with_fast_play(true));
    let mut b_value = serde_json::to_value(&a).unwrap();
    let other = serde_json::to_value(Game::empty(Setup::new(Scenario::Y1517, 2).with_fast_play(true))).unwrap();
    assert_ne!(b_value["rng"], other["rng"]);
    b_value["rng"] = other["rng"].clone();
    let b: Game = serde_json::from_value(b_value).unwrap();
    assert_ne!(a, b);
    // An even state is one the generator never holds.
    let mut bad = serde_json::to_value(&a).unwrap();
    bad["rng"] = json!({"state": "2"});
    let err = serde_json::from_value::<Game>(bad).unwrap_err();
    assert!(err.to_string().contains("rng"), "{err}");
}

#[test]
fn every_truncation_is_refused() {
    let text = to_json(&edited_game());
    let step = (text.len() / 400).max(1);
    let ends = (0..text.len()).step_by(step).chain(text.len().saturating_sub(40)..text.len());
    for end in ends {
        if let Some(prefix) = text.get(..end) {
            assert!(from_json(prefix).is_err(), "prefix of {end} bytes read");
        }
    }
}

/// An edit of a game's JSON value.
type Edit = fn(&mut Value);

/// A JSON value of `game` edited by `edit`, read back.
fn read_edited(game: &Game, edit: impl FnOnce(&mut Value)) -> Result<Game, String> {
    let mut value = serde_json::to_value(game).unwrap();
    edit(&mut value);
    serde_json::from_value(value).map_err(|e| e.to_string())
}

fn start() -> Game {
    Game::new(Setup::new(Scenario::Y1517, 5))
}

#[test]
fn too_many_units_for_the_counter_mix() {
    // The Papacy's counters show 23 units at most (§5.2).
    let err = read_edited(&start(), |v| {
        v["land"] = json!([{"space": "rome", "faction": "papacy",
            "units": {"regulars": 24, "mercenaries": 0, "cavalry": 0}, "besieged": false}]);
    })
    .unwrap_err();
    assert!(err.contains("counter mix"), "{err}");
    // Huge numbers must not overflow anything.
    let err = read_edited(&start(), |v| {
        v["land"] = json!([{"space": "rome", "faction": "papacy",
            "units": {"regulars": 255, "mercenaries": 255, "cavalry": 0}, "besieged": false}]);
    })
    .unwrap_err();
    assert!(err.contains("counter mix"), "{err}");
}

#[test]
fn corsairs_for_france() {
    let err = read_edited(&start(), |v| {
        v["naval"] = json!([{"location": {"sea": "gulf_of_lyon"}, "faction": "france",
            "units": {"squadrons": 0, "corsairs": 1}}]);
    })
    .unwrap_err();
    assert!(err.contains("France has no corsairs"), "{err}");
}

#[test]
fn a_unit_on_algiers_out_of_play() {
    let err = read_edited(&start(), |v| {
        v["land"] = json!([{"space": "algiers", "faction": "ottoman",
            "units": {"regulars": 2, "mercenaries": 0, "cavalry": 0}, "besieged": false}]);
    })
    .unwrap_err();
    assert!(err.contains("Algiers is not in play"), "{err}");
    // Once in play, the same units are fine (Barbary Pirates, #9).
    let game = read_edited(&start(), |v| {
        v["out_of_play"] = json!([]);
        v["land"] = json!([{"space": "algiers", "faction": "ottoman",
            "units": {"regulars": 2, "mercenaries": 0, "cavalry": 0}, "besieged": false}]);
    })
    .unwrap();
    assert_eq!(game.land_units(Space::Algiers, Faction::Ottoman).total(), 2);
}

#[test]
fn a_card_in_two_hands() {
    let err = read_edited(&start(), |v| {
        v["hands"]["france"] = json!(["master_of_italy"]);
        v["hands"]["england"] = json!(["master_of_italy"]);
    })
    .unwrap_err();
    assert!(err.contains("Master of Italy is in two places"), "{err}");
}

#[test]
fn war_with_self() {
    let err = read_edited(&start(), |v| v["wars"] = json!([["france", "france"]])).unwrap_err();
    assert!(err.contains("France is paired with itself"), "{err}");
}

#[test]
fn other_broken_invariants() {
    let cases: [(&str, Edit); 8] = [
        ("turn 0", |v| v["turn"] = json!(0)),
        ("turn 10", |v| v["turn"] = json!(10)),
        ("does not rule", |v| v["rulers"]["england"] = json!("francis_i")),
        ("wrong kind of religion", |v| {
            v["religion"]["istanbul"] = json!("catholic");
        }),
        ("at sea", |v| v["leaders"]["suleiman"] = json!({"sea": "black_sea"})),
        ("home card", |v| v["deck"] = json!(["janissaries"])),
        ("diplomacy card", |v| v["deck"] = json!(["dip_plague"])),
        ("allied with two powers", |v| {
            v["alliances"] = json!([["france", "venice"], ["hapsburg", "venice"]]);
        }),
    ];
    for (expected, edit) in cases {
        let err = read_edited(&start(), |v| {
            // Empty every place a card could already be, so only the edit counts.
            for power in Power::ALL {
                v["hands"][power.id()] = json!([]);
            }
            v["removed"] = json!([]);
            v["discard"] = json!([]);
            edit(v);
        })
        .unwrap_err();
        assert!(err.contains(expected), "{expected}: {err}");
    }
}

#[test]
fn malformed_shapes() {
    let cases: [(&str, Edit); 9] = [
        ("no entry for `paris`", |v| {
            v["control"].as_object_mut().unwrap().remove("paris");
        }),
        ("`leaders` has no entry", |v| {
            v["leaders"].as_object_mut().unwrap().remove("dragut");
        }),
        ("`deck` has `thomas_more` twice", |v| {
            v["deck"] = json!(["thomas_more", "thomas_more"]);
        }),
        ("twice", |v| {
            v["wars"] = json!([["france", "hapsburg"], ["hapsburg", "france"]]);
        }),
        ("unknown field", |v| v["extra"] = json!(1)),
        ("missing field", |v| {
            v.as_object_mut().unwrap().remove("piracy_vp");
        }),
        ("unknown space id", |v| v["unrest"] = json!(["atlantis"])),
        ("9 entries", |v| {
            v["vp_history"].as_array_mut().unwrap().pop();
        }),
        ("land stacks", |v| {
            let stack = json!({"space": "rome", "faction": "papacy",
                "units": {"regulars": 1, "mercenaries": 0, "cavalry": 0}, "besieged": false});
            v["land"] = Value::Array(vec![stack; 133]);
        }),
    ];
    for (expected, edit) in cases {
        let err = read_edited(&start(), edit).unwrap_err();
        assert!(err.contains(expected), "{expected}: {err}");
    }
}

#[test]
fn a_space_given_twice_is_refused() {
    // JSON objects may repeat a key; the second would silently win.
    let text = to_json(&start());
    let twice = text.replacen(r#""control":{"#, r#""control":{"paris":"england","#, 1);
    assert_ne!(twice, text);
    let err = from_json(&twice).unwrap_err().to_string();
    assert!(err.contains("`control` has `paris` twice"), "{err}");
}

#[test]
fn two_stacks_of_one_faction_in_one_space() {
    let err = read_edited(&start(), |v| {
        let stack = json!({"space": "rome", "faction": "papacy",
            "units": {"regulars": 1, "mercenaries": 0, "cavalry": 0}, "besieged": false});
        v["land"] = json!([stack.clone(), stack]);
    })
    .unwrap_err();
    assert!(err.contains("two land stacks"), "{err}");
}

/// One edit of the text: insert, delete or replace a character.
#[derive(Clone, Debug)]
enum Mutation {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // Characters that keep JSON almost well formed, so some mutants parse.
    let ch = prop::sample::select("0123456789-\"{}[],:aetnr_ .e".chars().collect::<Vec<_>>());
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), ch).prop_map(|(i, c)| Mutation::Replace(i, c)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for m in mutations {
        let len = chars.len().max(1);
        match *m {
            Mutation::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Mutation::Delete(i) if !chars.is_empty() => {
                chars.remove(i % len);
            }
            Mutation::Replace(i, c) if !chars.is_empty() => chars[i % len] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// One edit of a JSON value: a field of the game picked uniformly, then a
/// leaf or list in it; numbers nudged or blown up, strings swapped for
/// another string of the document (an id of some kind), booleans flipped,
/// lists shortened or given a repeated member.
#[derive(Clone, Debug)]
struct ValueEdit {
    field: usize,
    pick: usize,
    how: u8,
}

fn value_edit() -> impl Strategy<Value = ValueEdit> {
    (any::<usize>(), any::<usize>(), any::<u8>()).prop_map(|(field, pick, how)| ValueEdit { field, pick, how })
}

fn edit_value(value: &mut Value, edit: &ValueEdit) {
    let mut strings = vec!["dip_plague".to_string()];
    collect_strings(value, &mut strings);
    let Value::Object(fields) = value else {
        return;
    };
    let count = fields.len().max(1);
    let Some(field) = fields.values_mut().nth(edit.field % count) else {
        return;
    };
    let mut spots = Vec::new();
    collect_spots(field, &mut Vec::new(), &mut spots);
    let Some(path) = spots.get(edit.pick % spots.len().max(1)) else {
        return;
    };
    let mut target = field;
    for step in path {
        target = match (target, step) {
            (Value::Object(map), Step::Key(k)) => map.get_mut(k).unwrap(),
            (Value::Array(list), Step::Index(i)) => &mut list[*i],
            _ => unreachable!("paths come from this value"),
        };
    }
    let how = usize::from(edit.how);
    *target = match &*target {
        Value::Number(n) => match how % 4 {
            0 => json!(n.as_i64().unwrap_or(0) + 1),
            1 => json!(n.as_i64().unwrap_or(0) - 1),
            2 => json!(300),
            _ => json!(0),
        },
        Value::String(_) => json!(strings[(edit.pick / 3 + how) % strings.len()]),
        Value::Bool(b) => json!(!b),
        Value::Null => json!(strings[how % strings.len()]),
        Value::Array(list) => {
            let mut list = list.clone();
            match (how % 2, list.first().cloned()) {
                (0, Some(first)) => list.push(first),
                _ => {
                    list.pop();
                }
            }
            Value::Array(list)
        }
        Value::Object(_) => Value::Null,
    };
}

enum Step {
    Key(String),
    Index(usize),
}

/// Paths to every leaf and every list under `value`.
fn collect_spots(value: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let copy = |path: &[Step]| {
        path.iter()
            .map(|s| match s {
                Step::Key(k) => Step::Key(k.clone()),
                Step::Index(i) => Step::Index(*i),
            })
            .collect()
    };
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                path.push(Step::Key(k.clone()));
                collect_spots(v, path, out);
                path.pop();
            }
        }
        Value::Array(list) => {
            out.push(copy(path));
            for (i, v) in list.iter().enumerate() {
                path.push(Step::Index(i));
                collect_spots(v, path, out);
                path.pop();
            }
        }
        _ => out.push(copy(path)),
    }
}

/// Every string and key in `value`.
fn collect_strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(list) => list.iter().for_each(|v| collect_strings(v, out)),
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                collect_strings(v, out);
            }
        }
        _ => {}
    }
}

proptest! {
    #[test]
    fn mutated_text_never_panics(mutations in prop::collection::vec(mutation(), 1..4)) {
        let text = to_json(&edited_game());
        let mutant = mutate(&text, &mutations);
        if let Ok(game) = from_json(&mutant) {
            prop_assert_eq!(game.validate(), Ok(()));
        }
    }

    #[test]
    fn mutated_values_never_panic(edits in prop::collection::vec(value_edit(), 1..4)) {
        let mut value = serde_json::to_value(edited_game()).unwrap();
        for edit in &edits {
            edit_value(&mut value, edit);
        }
        if let Ok(game) = serde_json::from_value::<Game>(value) {
            prop_assert_eq!(game.validate(), Ok(()));
            // What reads back writes and reads back the same.
            let again: Game = serde_json::from_value(serde_json::to_value(&game).unwrap()).unwrap();
            prop_assert_eq!(again, game);
        }
    }
}
