//! The published package is whole: every file the README links to exists
//! and is in `Cargo.toml`'s `include` list, and docs.rs builds every
//! feature.

use std::path::Path;

/// The library's own folder (the workspace root; the tests are the
/// package in its `tests/`).
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace root")
}

fn read(name: &str) -> String {
    let path = root().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The targets of the README's inline links `[text](target)`.
fn link_targets(text: &str) -> Vec<&str> {
    text.split("](").skip(1).filter_map(|rest| rest.split(')').next()).collect()
}

/// The quoted entries of the manifest's `include = [...]` list.
fn include_list(manifest: &str) -> Vec<&str> {
    let start = manifest.find("include = [").expect("an include list");
    let body = &manifest[start..];
    let body = &body[..body.find(']').expect("the list ends")];
    body.split('"').skip(1).step_by(2).collect()
}

/// Whether `path` (relative, no leading `/`) matches an include pattern:
/// the file itself, or `/dir/**/*.ext`.
fn included(path: &str, patterns: &[&str]) -> bool {
    patterns.iter().any(|pattern| {
        let pattern = pattern.trim_start_matches('/');
        match pattern.split_once("/**/*") {
            Some((dir, ext)) => path.starts_with(&format!("{dir}/")) && path.ends_with(ext),
            None => path == pattern,
        }
    })
}

#[test]
fn readme_links_stay_inside_the_package() {
    let readme = read("README.md");
    let manifest = read("Cargo.toml");
    let patterns = include_list(&manifest);
    assert!(included("README.md", &patterns));
    let files: Vec<&str> =
        link_targets(&readme).into_iter().filter(|t| !t.starts_with('#') && !t.starts_with("https://")).collect();
    for file in &files {
        assert!(root().join(file).is_file(), "README links to missing {file}");
        assert!(included(file, &patterns), "README links to {file}, which the package does not ship");
    }
    assert!(!included(".ci/run", &patterns) && !included("tools/gen_data.py", &patterns));
    assert!(!included("tests/main.rs", &patterns) && !included("benches/engine.rs", &patterns));
}

#[test]
fn docs_rs_builds_every_feature() {
    let manifest = read("Cargo.toml");
    let section = manifest.split("[package.metadata.docs.rs]").nth(1).expect("a docs.rs section");
    let section = section.split("\n[").next().unwrap_or("");
    assert!(section.contains("all-features = true"), "{section}");
}

/// `cargo run --example` builds the library's dev-dependencies: they stay
/// light, and the suite's proptest and criterion live in the tests'
/// own package (issue #19, item 8).
#[test]
fn the_examples_build_neither_proptest_nor_criterion() {
    let manifest = read("Cargo.toml");
    let dev = manifest.split("[dev-dependencies]").nth(1).expect("dev-dependencies");
    let dev = dev.split("\n[").next().unwrap_or("");
    assert!(!dev.contains("proptest") && !dev.contains("criterion"), "{dev}");
    let suite = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("the suite");
    assert!(suite.contains("proptest") && suite.contains("criterion") && suite.contains("publish = false"));
}
