//! An information-set Monte-Carlo tree search player (single-observer
//! ISMCTS, after Cowling, Powley and Whitehouse, 2012), built only on the
//! public API, against random players in the two-player variant.
//!
//! Each search iteration deals the cards the searching power cannot see
//! (`Observation::determinize`), walks one shared tree keyed by the
//! actions taken (choosing among the actions legal in that deal by UCB,
//! with availability counts), adds one node, plays on at random for a
//! bounded number of decisions, and scores the end: 1 for a win, 0 for a
//! loss, or before the end the share of VP between the two players. The
//! player alternates sides game by game.
//!
//! ```text
//! cargo run --release --example ismcts -- --games 100 --iterations 64 --seed 1
//! ```

use std::collections::HashMap;
use std::time::Instant;

use here_i_stand::{Action, ActionIndex, Decider, Game, Power, Scenario, Setup};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Random decisions played after the tree before the position is scored.
const ROLLOUT_DECISIONS: usize = 300;
/// UCB's exploration constant.
const EXPLORATION: f64 = 0.7;

struct Options {
    games: u64,
    iterations: u32,
    seed: u64,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options { games: 100, iterations: 64, seed: 1 };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--iterations" => options.iterations = value()?.parse().map_err(|e| format!("--iterations: {e}"))?,
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

/// One node of the tree: the statistics of the action that led to it, seen
/// from the power that chose it.
#[derive(Default)]
struct Node {
    visits: u32,
    reward: f64,
    /// Iterations in which this node's action was legal at its parent.
    available: u32,
    children: Vec<(ActionIndex, usize)>,
}

struct Tree {
    nodes: Vec<Node>,
}

impl Tree {
    fn new() -> Tree {
        Tree { nodes: vec![Node::default()] }
    }

    fn child(&self, node: usize, action: ActionIndex) -> Option<usize> {
        self.nodes[node].children.iter().find(|&&(a, _)| a == action).map(|&(_, c)| c)
    }

    fn add_child(&mut self, node: usize, action: ActionIndex) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node::default());
        self.nodes[node].children.push((action, id));
        id
    }

    /// UCB1 over the children available in this deal.
    fn select(&mut self, node: usize, legal: &[Action]) -> (Action, usize) {
        let mut best = (f64::NEG_INFINITY, legal[0], 0);
        for &action in legal {
            let child = self.child(node, action.index()).expect("expanded");
            let n = &mut self.nodes[child];
            n.available += 1;
            let mean = n.reward / f64::from(n.visits);
            let score = mean + EXPLORATION * (f64::from(n.available).ln() / f64::from(n.visits)).sqrt();
            if score > best.0 {
                best = (score, action, child);
            }
        }
        (best.1, best.2)
    }
}

fn pick(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// The score of a position for `me` in [0, 1]: the result at the end, or
/// before it `me`'s share of the two players' VP.
fn score(game: &Game, me: Power, opponent: Power) -> f64 {
    if let Decider::Terminal(outcome) = game.decider() {
        return if outcome.winner == me { 1.0 } else { 0.0 };
    }
    let mine = f64::from(game.vp(me).total().max(0));
    let theirs = f64::from(game.vp(opponent).total().max(0));
    if mine + theirs == 0.0 { 0.5 } else { mine / (mine + theirs) }
}

/// Runs the search from `game` for `me` and returns the action chosen and
/// the number of playouts made.
fn search(game: &Game, me: Power, iterations: u32, rng: &mut Pcg64Mcg) -> Action {
    let opponent = if me == Power::Papacy { Power::Protestant } else { Power::Papacy };
    let observation = game.observation(me);
    let mut tree = Tree::new();
    let mut path: Vec<(usize, Power)> = Vec::new();
    for _ in 0..iterations {
        let mut deal = observation.determinize(rng);
        let mut node = 0;
        path.clear();
        // Selection and expansion.
        while let Decider::Power(decider) = deal.decider() {
            let legal = deal.legal_actions();
            let untried: Vec<Action> =
                legal.iter().copied().filter(|a| tree.child(node, a.index()).is_none()).collect();
            if !untried.is_empty() {
                let action = untried[pick(rng, untried.len())];
                for &a in &legal {
                    if let Some(c) = tree.child(node, a.index()) {
                        tree.nodes[c].available += 1;
                    }
                }
                deal.apply(action).expect("a legal action");
                node = tree.add_child(node, action.index());
                tree.nodes[node].available += 1;
                path.push((node, decider));
                break;
            }
            let (action, child) = tree.select(node, &legal);
            deal.apply(action).expect("a legal action");
            node = child;
            path.push((node, decider));
        }
        // Rollout.
        for _ in 0..ROLLOUT_DECISIONS {
            if !matches!(deal.decider(), Decider::Power(_)) {
                break;
            }
            let legal = deal.legal_actions();
            deal.apply(legal[pick(rng, legal.len())]).expect("a legal action");
        }
        // Backpropagation, each node from its chooser's side.
        let mine = score(&deal, me, opponent);
        for &(n, chooser) in &path {
            tree.nodes[n].visits += 1;
            tree.nodes[n].reward += if chooser == me { mine } else { 1.0 - mine };
        }
    }
    let root = &tree.nodes[0];
    let legal = game.legal_actions();
    // The most visited root action legal in the true position.
    legal
        .iter()
        .copied()
        .max_by_key(|a| tree.child(0, a.index()).map_or(0, |c| tree.nodes[c].visits))
        .filter(|_| !root.children.is_empty())
        .unwrap_or(legal[0])
}

const USAGE: &str =
    "usage: ismcts [--games N] [--iterations N] [--seed S] (defaults: 100 games, 64 iterations, seed 1)";

fn main() {
    if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
        println!("An ISMCTS player against random players in the two-player game (sides alternate).\n{USAGE}");
        return;
    }
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            std::process::exit(2);
        }
    };
    let mut rng = Pcg64Mcg::seed_from_u64(options.seed);
    let (mut wins, mut searches, mut decisions) = (0u64, 0u64, 0u64);
    let mut by_side: HashMap<Power, (u64, u64)> = HashMap::new();
    let start = Instant::now();
    for n in 0..options.games {
        let me = if n % 2 == 0 { Power::Papacy } else { Power::Protestant };
        let mut game = Game::new(Setup::new(Scenario::TwoPlayer, options.seed.wrapping_add(n)));
        while let Decider::Power(decider) = game.decider() {
            let legal = game.legal_actions();
            let action = if decider == me && legal.len() > 1 {
                searches += 1;
                search(&game, me, options.iterations, &mut rng)
            } else {
                legal[pick(&mut rng, legal.len())]
            };
            game.apply(action).expect("a legal action");
            decisions += 1;
        }
        let won = matches!(game.decider(), Decider::Terminal(outcome) if outcome.winner == me);
        wins += u64::from(won);
        let side = by_side.entry(me).or_default();
        side.0 += u64::from(won);
        side.1 += 1;
        println!("game {}: ISMCTS as {me}: {}", n + 1, if won { "wins" } else { "loses" });
    }
    let seconds = start.elapsed().as_secs_f64();
    let playouts = searches * u64::from(options.iterations);
    let baseline = random_baseline(&options);
    let share = |n: u64| 100.0 * n as f64 / options.games.max(1) as f64;
    println!(
        "games: {}  ISMCTS wins: {wins} ({:.0}%)  a random player in the same seats, same seeds: {baseline} ({:.0}%)",
        options.games,
        share(wins),
        share(baseline),
    );
    println!(
        "ISMCTS as Papacy: {}/{}  as Protestant: {}/{}",
        by_side.get(&Power::Papacy).map_or(0, |s| s.0),
        by_side.get(&Power::Papacy).map_or(0, |s| s.1),
        by_side.get(&Power::Protestant).map_or(0, |s| s.0),
        by_side.get(&Power::Protestant).map_or(0, |s| s.1),
    );
    println!(
        "searches: {searches}  playouts: {playouts}  playouts/s: {:.0}  decisions: {decisions}  seconds: {seconds:.1}",
        playouts as f64 / seconds
    );
}

/// The baseline: the games ISMCTS played (the same seeds, the same seat
/// game by game), with a random player in its seat; how many that seat wins.
fn random_baseline(options: &Options) -> u64 {
    let mut rng = Pcg64Mcg::seed_from_u64(options.seed ^ 0x5eed);
    let mut wins = 0;
    for n in 0..options.games {
        let me = if n % 2 == 0 { Power::Papacy } else { Power::Protestant };
        let mut game = Game::new(Setup::new(Scenario::TwoPlayer, options.seed.wrapping_add(n)));
        while let Decider::Power(_) = game.decider() {
            let legal = game.legal_actions();
            game.apply(legal[pick(&mut rng, legal.len())]).expect("a legal action");
        }
        wins += u64::from(matches!(game.decider(), Decider::Terminal(outcome) if outcome.winner == me));
    }
    wins
}
