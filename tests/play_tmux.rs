//! `examples/play.rs` tested as a person would use it (issue #19 item 5):
//! the example runs in a detached tmux session; keys are typed with
//! `send-keys` and the screen read with `capture-pane`. Skipped, with a
//! note, where tmux is missing (`.ci/run` installs it).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A private tmux server (its own socket), killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux").arg("-L").arg(&self.socket).args(args).output().expect("tmux runs")
    }

    fn screen(&self) -> String {
        let out = self.run(&["capture-pane", "-p", "-J", "-S", "-200", "-t", "play"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn type_line(&self, text: &str) {
        self.run(&["send-keys", "-t", "play", "-l", text]);
        self.run(&["send-keys", "-t", "play", "Enter"]);
    }

    /// Waits until the screen satisfies `ready`, up to 60 s; returns it.
    fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "waited for {what}; the screen:\n{screen}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Tmux {
    /// Types `quit` and waits, up to 20 s, for `play` to end.
    fn quit(&self) {
        self.type_line("quit");
        let start = Instant::now();
        while self.run(&["has-session", "-t", "play"]).status.success() {
            assert!(start.elapsed() < Duration::from_secs(20), "play quits:\n{}", self.screen());
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Starts `play` with `args` in a detached tmux session of its own (socket
/// `his-play-<name>-<pid>`), the picture of the board (the example is built
/// with the `svg` feature) to a scratch file, which it returns; `None`,
/// with a note, where tmux is missing.
fn start_play(name: &str, args: &str) -> Option<(Tmux, PathBuf)> {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("note: tmux is not on PATH; the terminal test of examples/play.rs is skipped");
        return None;
    }
    let play = play_binary();
    let tmux = Tmux { socket: format!("his-play-{name}-{}", std::process::id()) };
    let picture = std::env::temp_dir().join(format!("his-play-{name}-{}.svg", std::process::id()));
    let command = format!("{} {args} --board {}", play.display(), picture.display());
    let out = tmux.run(&["new-session", "-d", "-s", "play", "-x", "200", "-y", "60", &command]);
    assert!(out.status.success(), "tmux starts: {}", String::from_utf8_lossy(&out.stderr));
    Some((tmux, picture))
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux").arg("-L").arg(&self.socket).arg("kill-server").output();
    }
}

/// Builds the example (the test profile, all features: what `cargo test
/// --all-features` already built) and returns its path.
fn play_binary() -> PathBuf {
    example_binary("play")
}

/// Builds the example `name` as [`play_binary`] does and returns its path.
fn example_binary(name: &str) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--profile", "test", "--all-features", "-p", "here-i-stand", "--example", name])
        // The library's folder: the tests are the workspace package in its `tests/`.
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the play example builds");
    // tests run from target/<profile>/deps/; examples sit in target/<profile>/examples/.
    let exe = std::env::current_exe().expect("the test's path");
    let dir = exe.parent().and_then(|deps| deps.parent()).expect("target/<profile>");
    dir.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
}

/// Every example answers `--help` with what it does and its usage, and
/// exits 0 (issue #34 item 6); an unknown flag exits 2 with the usage.
#[test]
fn every_example_answers_help() {
    for name in ["play", "random_game", "ismcts"] {
        let exe = example_binary(name);
        let out = Command::new(&exe).arg("--help").output().expect("the example runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{name} --help exits 0");
        assert!(text.contains(&format!("usage: {name}")), "{name} --help: {text}");
        let out = Command::new(&exe).arg("--no-such-flag").output().expect("the example runs");
        assert_eq!(out.status.code(), Some(2), "{name} refuses an unknown flag");
        assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("usage: {name}")));
    }
}

/// The last prompt's screen: the decision line and the numbered actions
/// below it (the lines after the last line starting with "Turn ").
fn last_decision(screen: &str) -> (String, Vec<String>) {
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines.iter().rposition(|l| l.starts_with("Turn ")).expect("a decision on screen");
    let actions = lines[at + 1..]
        .iter()
        .map(|l| l.trim())
        .take_while(|l| l.split_once(". ").is_some_and(|(n, _)| n.parse::<usize>().is_ok()))
        .map(String::from)
        .collect();
    (lines[at].to_string(), actions)
}

fn at_prompt(screen: &str) -> bool {
    screen.lines().rev().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim_end() == ">")
}

/// A person plays the Protestant in a 1517 game (seed 3): the screen shows
/// the 95 Theses decision and its numbered targets; they pick targets by
/// number and by text, read the summary, save, load, and quit.
#[test]
fn a_person_plays_the_first_decisions_in_tmux() {
    let Some((tmux, picture)) = start_play("test", "--power protestant --seed 3 --scenario 1517") else { return };

    // The first decision: Luther's 95 Theses, five attempts (§18.1).
    let screen = tmux.wait_for("the first prompt", at_prompt);
    let (decision, actions) = last_decision(&screen);
    assert!(decision.contains("Protestant, religious attempts (German zone, 5 left)"), "{screen}");
    assert!(actions.len() >= 2 && actions[0].starts_with("1. target "), "{screen}");
    assert!(screen.contains("(the board: "), "{screen}");
    let svg = std::fs::read_to_string(&picture).expect("the picture of the board is written");
    assert!(svg.contains("id=\"space-wittenberg\""));

    // Pick by number: the first target; the next prompt counts 4 left.
    tmux.type_line("1");
    let screen = tmux.wait_for("the second prompt", |s| at_prompt(s) && s.contains("4 left"));
    assert!(screen.contains("Protestant reformation attempt in "), "{screen}");
    let (_, actions) = last_decision(&screen);
    assert!(!actions.is_empty(), "{screen}");

    // Pick by the text notation, which the menu prints beside each action.
    let notation = actions[0].split_once('[').and_then(|(_, r)| r.split_once(']')).map(|(n, _)| n.to_string());
    let notation = notation.expect("the notation in brackets");
    assert!(notation.starts_with("target "), "{screen}");
    tmux.type_line(&notation);
    let screen = tmux.wait_for("the third prompt", |s| at_prompt(s) && s.contains("3 left"));
    assert!(screen.contains("Protestant: target "), "{screen}");

    // The summary.
    tmux.type_line("summary");
    let screen = tmux.wait_for("the summary", |s| at_prompt(s) && s.contains("VP: Ottoman"));
    assert!(screen.contains("Hands: ") && screen.contains("Wittenberg: "), "{screen}");
    assert!(screen.contains("Your hand ("), "the summary shows the person's hand: {screen}");

    // The hand and a card's text (issue #34 item 4).
    tmux.type_line("hand");
    let screen = tmux.wait_for("the hand", |s| at_prompt(s) && s.contains("#7 Here I Stand (5 CP, Home)"));
    assert!(screen.contains("Protestant home card"), "{screen}");
    tmux.type_line("card janissaries");
    let screen = tmux.wait_for("a card's text", |s| at_prompt(s) && s.contains("#1 Janissaries (5 CP, Home): "));
    assert!(screen.contains("Ottoman home card"), "{screen}");
    tmux.type_line("card #999");
    tmux.wait_for("an unknown card", |s| at_prompt(s) && s.contains("no card #999"));

    // Save, then load, then quit.
    let file = std::env::temp_dir().join(format!("his-play-test-{}.json", std::process::id()));
    tmux.type_line(&format!("save {}", file.display()));
    tmux.wait_for("the save", |s| at_prompt(s) && s.contains("saved to "));
    assert!(std::fs::metadata(&file).is_ok_and(|m| m.len() > 100), "the save file is written");
    tmux.type_line(&format!("load {}", file.display()));
    let screen = tmux.wait_for("the load", |s| at_prompt(s) && s.contains("loaded "));
    let (decision, actions) = last_decision(&screen);
    assert!(decision.contains("3 left"), "the loaded game is where it was saved: {screen}");

    // Pick by the English the menu shows (issue #34 item 5).
    let english = actions[0].split_once(". ").and_then(|(_, r)| r.split_once("  [")).map(|(e, _)| e.to_string());
    let english = english.expect("the English before the notation");
    tmux.type_line(&english);
    let screen = tmux.wait_for("the English accepted", |s| at_prompt(s) && s.contains("2 left"));
    assert!(screen.contains(&format!("Protestant: {english}")), "{screen}");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&picture);
    tmux.quit();
}

/// A person plays the Protestant in the two-player game (seed 1; issue
/// #33): after Luther's 95 Theses, the Papacy's bot picks its Diet of
/// Worms card first, and the screen says only that it picked one (§18.1:
/// the picks are revealed together); the person's pick then resolves the
/// Diet, which shows both cards.
#[test]
fn a_person_is_not_shown_the_papal_diet_of_worms_pick() {
    let Some((tmux, picture)) = start_play("diet", "--power protestant --seed 1 --scenario 2p") else { return };
    tmux.wait_for("the first prompt", |s| at_prompt(s) && s.contains("5 left"));
    for left in ["4 left", "3 left", "2 left", "1 left"] {
        tmux.type_line("1");
        tmux.wait_for(left, |s| at_prompt(s) && s.contains(left));
    }
    tmux.type_line("1");
    let screen = tmux.wait_for("the Diet of Worms", |s| at_prompt(s) && s.contains("Diet of Worms phase. Protestant"));
    assert!(screen.contains("Papacy: pick a card for the Diet of Worms"), "{screen}");
    assert!(!screen.contains("Papacy: play "), "the Papacy's card is not named: {screen}");
    let (decision, actions) = last_decision(&screen);
    assert!(decision.contains("a card for the Diet of Worms"), "{screen}");
    assert!(actions[0].starts_with("1. play "), "{screen}");
    tmux.type_line("1");
    let screen = tmux.wait_for("the Diet's result", |s| at_prompt(s) && s.contains("Diet of Worms: Protestant plays"));
    assert!(screen.contains(", Papacy plays "), "both cards are revealed: {screen}");
    let _ = std::fs::remove_file(&picture);
    tmux.quit();
}

/// A person plays France in a 1517 game (seed 7), issue #34 items 3 and 6:
/// England's turn-1 deal is shown term by term, who gives what to whom,
/// before France answers; a response window where France can only decline
/// is declined for it, with a line saying which; the spend menu shows
/// each action's CP cost beside its notation.
#[test]
fn a_person_reads_a_deal_its_declines_and_the_costs_in_tmux() {
    let Some((tmux, picture)) = start_play("deal", "--power france --seed 7 --scenario 1517") else { return };

    let screen = tmux.wait_for("the deal", |s| at_prompt(s) && s.contains("deal (facing England)"));
    assert!(screen.contains("The deal between England and France:"), "{screen}");
    assert!(screen.contains("  - France cedes Lyon to England"), "{screen}");
    assert!(screen.contains("  - England gives France 2 random card draws"), "{screen}");
    tmux.type_line("decline");
    let screen = tmux.wait_for("Venetian Informant", |s| at_prompt(s) && s.contains("card Venetian Informant"));
    assert!(screen.contains("France rejects England's deal"), "{screen}");
    tmux.type_line("1");
    tmux.wait_for("the spring deployment", |s| at_prompt(s) && s.contains("a capital to deploy from"));
    tmux.type_line("1");
    let screen = tmux.wait_for("the impulse", |s| at_prompt(s) && s.contains("France, impulse"));
    assert!(screen.contains("France: nothing to play: declined (France, response window"), "{screen}");
    tmux.type_line("play_cp fountain_of_youth");
    let screen = tmux.wait_for("the spend menu", |s| at_prompt(s) && s.contains("[build_squadron brest, 2 CP]"));
    assert!(screen.contains("[buy_mercenary paris, 1 CP]"), "{screen}");
    let _ = std::fs::remove_file(&picture);
    tmux.quit();
}
