//! Serde for `Observation` (issue #34, item 2): the view a server sends a
//! player. Round trips over random play, and nothing in it that the viewer
//! cannot see.
#![cfg(feature = "serde")]

use here_i_stand::rand_core::{Rng, SeedableRng};
use here_i_stand::rand_pcg::Pcg64Mcg;
use here_i_stand::{Decider, Game, Observation, Power, Scenario, Setup};
use serde_json::Value;

/// Positions met in a seeded random game, every `every` decisions.
fn positions(scenario: Scenario, seed: u64, every: usize) -> Vec<Game> {
    let mut game = Game::new(Setup::new(scenario, seed));
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut n = 0;
    while let Decider::Power(_) = game.decider() {
        if n % every == 0 {
            out.push(game.clone());
        }
        let actions = game.legal_actions();
        game.apply(actions[(rng.next_u64() % actions.len() as u64) as usize]).unwrap();
        n += 1;
    }
    out.push(game);
    out
}

fn viewers(scenario: Scenario) -> &'static [Power] {
    scenario.powers()
}

/// Every string value in the JSON, but under the fields `unseen` and
/// `dip_unseen` (the cards the viewer cannot place, which it can work
/// out). Keys are left out: they are field names (`schmalkaldic_league`
/// is the League's field as well as a card's id) and ids of powers.
fn strings(value: &Value, out: &mut Vec<(String, String)>) {
    walk(value, &mut String::new(), out);
}

/// [`strings`], each with its path in the JSON.
fn walk(value: &Value, path: &mut String, out: &mut Vec<(String, String)>) {
    let len = path.len();
    match value {
        Value::String(s) => out.push((path.clone(), s.clone())),
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push_str(&format!("/{i}"));
                walk(v, path, out);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, v) in map {
                if key != "unseen" && key != "dip_unseen" {
                    path.push('/');
                    path.push_str(key);
                    walk(v, path, out);
                    path.truncate(len);
                }
            }
        }
        _ => {}
    }
}

/// An observation read back is the observation written, in every
/// scenario, for every viewer, at positions all through random games.
#[test]
fn round_trips_through_random_play() {
    for scenario in [Scenario::Y1517, Scenario::Y1532, Scenario::TwoPlayer] {
        for game in positions(scenario, 11, 150) {
            for &viewer in viewers(scenario) {
                let view = game.observation(viewer);
                let json = serde_json::to_string(&view).unwrap();
                let back: Observation = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{scenario:?}: {e}"));
                assert_eq!(back, view, "{scenario:?} {viewer}");
            }
        }
    }
}

/// The JSON does not depend on what the viewer cannot see: two games that
/// differ only in the hidden cards give the same text, and no value in it
/// names a card the viewer cannot place.
#[test]
fn names_no_card_the_viewer_cannot_see() {
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for scenario in [Scenario::Y1517, Scenario::TwoPlayer] {
        for game in positions(scenario, 12, 200) {
            for &viewer in viewers(scenario) {
                let json = serde_json::to_string(&game.observation(viewer)).unwrap();
                let other = game.redeal_hidden(viewer, &mut rng);
                assert_eq!(json, serde_json::to_string(&other.observation(viewer)).unwrap(), "{scenario:?} {viewer}");
                let seen = game.observation(viewer);
                let mut words = Vec::new();
                strings(&serde_json::from_str(&json).unwrap(), &mut words);
                for card in seen.unseen().iter().chain(seen.dip_unseen().iter()) {
                    // Reformers, debaters and leaders share ids with
                    // cards (Calvin is #16 and a reformer): their fields
                    // name people, not cards.
                    let people = |path: &str| ["reformer", "debater", "leader"].iter().any(|k| path.contains(k));
                    let named = words.iter().find(|(path, w)| w == card.id() && !people(path));
                    assert!(named.is_none(), "{scenario:?} {viewer} sees {card:?} at {:?}", named.map(|n| &n.0));
                }
            }
        }
    }
}

/// A corrupted view is refused with an error, never a panic: a board
/// showing a card the viewer cannot see, a wrong count, random bytes.
#[test]
fn a_bad_view_is_refused() {
    let game = positions(Scenario::Y1517, 13, 400).swap_remove(2);
    let view = game.observation(Power::France);
    let mut value: Value = serde_json::to_value(&view).unwrap();
    // A hidden card of England's moved into England's hand on the board.
    let unseen = value["unseen"].as_array().unwrap().clone();
    let mut leaked = value.clone();
    leaked["board"]["hands"]["england"].as_array_mut().unwrap().push(unseen[0].clone());
    leaked["unseen"].as_array_mut().unwrap().remove(0);
    assert!(serde_json::from_value::<Observation>(leaked).is_err());
    value["hand_sizes"]["england"] = Value::from(200);
    assert!(serde_json::from_value::<Observation>(value).is_err());
    let json = serde_json::to_string(&view).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    for _ in 0..300 {
        let mut bytes = json.clone().into_bytes();
        for _ in 0..3 {
            let i = (rng.next_u64() % bytes.len() as u64) as usize;
            bytes[i] = b"0123456789\",:{}[]az"[(rng.next_u64() % 19) as usize];
        }
        let _ = serde_json::from_slice::<Observation>(&bytes);
    }
}

/// A view read back determinizes as the original does.
#[test]
fn a_view_read_back_determinizes() {
    let game = positions(Scenario::TwoPlayer, 14, 100).swap_remove(1);
    let view = game.observation(Power::Papacy);
    let back: Observation = serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
    let a = view.determinize(&mut Pcg64Mcg::seed_from_u64(3));
    let b = back.determinize(&mut Pcg64Mcg::seed_from_u64(3));
    assert_eq!(a, b);
    assert_eq!(b.observation(Power::Papacy), view);
}
