//! Loading the whole built-in catalogue from its text (the work `Catalogue::builtin`
//! does once per process). Budget: well under 100 ms in release.

use criterion::{criterion_group, criterion_main, Criterion};
use ponyccg_cards::Catalogue;
use std::hint::black_box;

fn load(c: &mut Criterion) {
    let sources = Catalogue::builtin_sources();
    let mut g = c.benchmark_group("catalogue");
    g.sample_size(20);
    g.bench_function("load_builtin", |b| {
        b.iter(|| {
            let cat = Catalogue::from_sources(black_box(sources).iter().copied())
                .expect("built-in data loads");
            black_box(cat.len())
        })
    });
    let cat = Catalogue::builtin();
    g.bench_function("find_name", |b| {
        b.iter(|| {
            black_box(
                cat.find_name(black_box("Rainbow Dash, Flier Extraordinaire"))
                    .len(),
            )
        })
    });
    g.bench_function("suggest_typo", |b| {
        b.iter(|| black_box(cat.suggest(black_box("Rainbow Dsah")).is_some()))
    });
    g.finish();
}

criterion_group!(benches, load);
criterion_main!(benches);
