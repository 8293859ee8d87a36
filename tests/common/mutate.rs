//! Structure-aware mutation of a saved game (serde JSON), shared by
//! `tests/robustness.rs` and the `save_mutation` fuzz target: each step
//! picks a leaf of the save (a number, an id, a flag, a frame field, a
//! card in a hand) and changes it to something of a plausible shape, so
//! that most mutants parse and reach `Game::validate` and the engine.
//!
//! `next` supplies the choices (a random generator in the test, the
//! fuzzer's bytes in the target).

use serde_json::Value;

/// Every leaf of `value` as a JSON pointer, with the strings seen.
fn leaves(value: &Value, path: &mut String, out: &mut Vec<String>, strings: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let len = path.len();
                path.push('/');
                path.push_str(key);
                leaves(v, path, out, strings);
                path.truncate(len);
            }
        }
        Value::Array(items) => {
            if items.is_empty() {
                out.push(path.clone());
            }
            for (i, v) in items.iter().enumerate() {
                let len = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                leaves(v, path, out, strings);
                path.truncate(len);
            }
        }
        Value::String(s) => {
            strings.push(s.clone());
            out.push(path.clone());
        }
        _ => out.push(path.clone()),
    }
}

/// A number from `next`: small, near a limit, or any byte.
fn number(next: &mut impl FnMut() -> u8) -> Value {
    match next() % 4 {
        0 => Value::from(next() % 8),
        1 => Value::from(255 - next() % 4),
        2 => Value::from(-i64::from(next() % 8)),
        _ => Value::from(next()),
    }
}

/// Makes `count` mutations of `save`. Leaves under `/stack` (the frames),
/// `/hands` and `/war` are picked more often: they are where the engine's
/// deeper state lives.
pub fn mutate(save: &mut Value, count: usize, next: &mut impl FnMut() -> u8) {
    let (mut paths, mut strings) = (Vec::new(), Vec::new());
    leaves(save, &mut String::new(), &mut paths, &mut strings);
    if paths.is_empty() {
        return;
    }
    strings.sort();
    strings.dedup();
    let deep: Vec<&String> = paths
        .iter()
        .filter(|p| ["/stack", "/hands", "/war", "/succession", "/naval_beaten"].iter().any(|k| p.starts_with(k)))
        .collect();
    for _ in 0..count {
        let pick = usize::from(u16::from_le_bytes([next(), next()]));
        let path = if next() % 2 == 0 && !deep.is_empty() {
            deep[pick % deep.len()].clone()
        } else {
            paths[pick % paths.len()].clone()
        };
        mutate_at(save, &path, &strings, next);
    }
}

/// One mutation of the leaf at `path`.
fn mutate_at(save: &mut Value, path: &str, strings: &[String], next: &mut impl FnMut() -> u8) {
    let op = next() % 8;
    // Moving a card between hands, or duplicating an element into a sibling list.
    if op == 7
        && let Some((parent, _)) = path.rsplit_once('/')
    {
        let taken = save.pointer(path).cloned();
        if let (Some(item), Some(Value::Array(list))) = (taken, save.pointer_mut(parent)) {
            if next() % 2 == 0 {
                list.push(item);
            } else if let Some(i) = path.rsplit('/').next().and_then(|i| i.parse::<usize>().ok()) {
                if i < list.len() {
                    list.remove(i);
                }
            }
            return;
        }
    }
    let Some(leaf) = save.pointer_mut(path) else { return };
    *leaf = match (&*leaf, op) {
        (Value::Number(_), 0..=3) => number(next),
        (Value::Number(n), 4) => Value::from(n.as_i64().unwrap_or(0) + 1),
        (Value::Number(n), _) => Value::from(n.as_i64().unwrap_or(0) - 1),
        (Value::Bool(b), _) => Value::Bool(!b),
        (Value::Null, 0..=2) => number(next),
        (Value::Null, _) if !strings.is_empty() => Value::String(strings[usize::from(next()) % strings.len()].clone()),
        (Value::String(_), _) if !strings.is_empty() && op != 6 => {
            Value::String(strings[usize::from(u16::from_le_bytes([next(), next()])) % strings.len()].clone())
        }
        (Value::String(_), _) => Value::Null,
        (Value::Array(_), _) => Value::Array(vec![number(next)]),
        (other, _) => other.clone(),
    };
}
