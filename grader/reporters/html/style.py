"""The one stylesheet of the HTML reports, inline in every page (so a page is one file).

Written for three readers: a teacher at a desk (tables, the heat-map), a phone 375 px wide
(tables turn into stacked rows; long ids and messages wrap instead of widening the page) and
paper (no buttons, colours kept, no block cut across two pages).

Heat-map colours are the 11 steps of ColorBrewer's RdYlBu scale, which colour-blind readers
can tell apart; every cell also shows its number, so colour is never the only cue. Activities
with no score of the student's making have their own look: ``st-missing`` (plain grey, "–"),
``st-not_started`` (white with a grey border, "○"), ``st-not_loaded`` (hatched, "✗") and
``st-grader_error`` (dashed purple outline, "!"). A timed-out or misnamed activity keeps its
heat colour and gets a mark after its score ("↻", "*").
"""

_HEAT = ["#a50026", "#d73027", "#f46d43", "#fdae61", "#fee090", "#ffffbf",
         "#e0f3f8", "#abd9e9", "#74add1", "#4575b4", "#313695"]
_LIGHT_TEXT = {0, 1, 9, 10}

_HEAT_RULES = "\n".join(f".h{step}{{background:{colour};color:{'#fff' if step in _LIGHT_TEXT else '#1b1f24'}}}"
                        for step, colour in enumerate(_HEAT))

CSS = """
:root{--ink:#1b1f24;--muted:#57606a;--line:#d0d7de;--soft:#f6f8fa;--bad:#b42318;--warn:#9a6700;
--ok:#1a7f37;--grader:#6e40c9}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0 auto;max-width:72rem;padding:1rem 1.25rem 3rem;color:var(--ink);background:#fff;
font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
h1{font-size:1.6rem;margin:.1rem 0 .8rem;line-height:1.2}
h2{font-size:1.25rem;margin:2.2rem 0 .7rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
h3{font-size:1.02rem;margin:0 0 .35rem}
p{margin:.35rem 0}
a{color:#0550ae}
code,pre{font:.88em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--soft);border:1px solid var(--line);
border-radius:6px;padding:.55rem .75rem;margin:.3rem 0 .7rem;max-width:100%}
.kicker{margin:0;color:var(--muted);font-size:.9rem;text-transform:uppercase;letter-spacing:.06em}
.muted{color:var(--muted)}
.tag{display:inline-block;font-size:.78rem;font-weight:600;border:1px solid var(--line);border-radius:999px;
padding:0 .5rem;white-space:nowrap;color:var(--muted);vertical-align:middle}
.tag.bad{color:var(--bad);border-color:var(--bad)}
.tag.grader{color:var(--grader);border-color:var(--grader)}
.tag.late{color:var(--warn);border-color:var(--warn)}
.banner{border:2px solid var(--bad);background:#fff1f0;border-radius:8px;padding:.7rem 1rem;margin:1rem 0}
.banner.grader{border-color:var(--grader);background:#f6f0ff}
.banner strong{display:block;font-size:1.1rem;margin-bottom:.2rem}
.scores{display:flex;flex-wrap:wrap;gap:.6rem 2.5rem;align-items:flex-start;margin:.6rem 0 1rem}
.big{font-size:2.1rem;font-weight:700;line-height:1.1;font-variant-numeric:tabular-nums}
.label{display:block;font-size:.85rem;color:var(--muted)}
meter{display:block;width:14rem;max-width:100%;height:.9rem;margin-top:.3rem}
table{border-collapse:collapse;margin:.4rem 0 1rem;max-width:100%}
th,td{padding:.32rem .55rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{border-bottom:2px solid var(--ink);font-size:.9rem;white-space:nowrap}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th button{font:inherit;font-weight:700;color:inherit;background:none;border:0;padding:0;cursor:pointer}
th button:hover,th button:focus-visible{text-decoration:underline}
th[aria-sort=ascending] button::after{content:" \\25B2"}
th[aria-sort=descending] button::after{content:" \\25BC"}
td.cell{text-align:center;min-width:2.9rem;font-variant-numeric:tabular-nums;font-weight:600;
border:2px solid #fff;white-space:nowrap;overflow-wrap:normal}
.scroll{overflow-x:auto;max-width:100%}
table.tests meter{display:inline-block;width:6rem;margin-left:.5rem;vertical-align:middle}
.bonus{border-left:3px double var(--muted)}
tr.incomplete td.total::after{content:" !";color:var(--grader);font-weight:700}
td.unusable{color:var(--bad)}
.pct{display:block;font-size:.8rem;color:var(--muted)}
dl.said{display:grid;grid-template-columns:auto 1fr;gap:0 .5rem;margin:.25rem 0 0;font-size:.9rem}
dl.said dt{color:var(--muted)}
dl.said dd{margin:0}
.tag.timeout{color:var(--warn);border-color:var(--warn)}
ul.causes{padding-left:1.2rem}
ul.causes li{margin:.3rem 0}
.who-list{display:block;font-size:.9rem}
""" + _HEAT_RULES + """
.st-missing{background:#eaeef2;color:var(--muted)}
.st-not_started,.st-waiting{background:#fff;color:var(--muted);outline:1px solid var(--line);outline-offset:-3px}
.st-not_loaded{background:repeating-linear-gradient(45deg,#eaeef2 0 4px,#fff 4px 8px);color:var(--bad)}
.st-grader_error{background:#fff;color:var(--grader);outline:2px dashed var(--grader);outline-offset:-4px}
.legend{display:flex;flex-wrap:wrap;gap:.35rem 1.2rem;list-style:none;padding:0;margin:.3rem 0 1rem;font-size:.88rem}
.swatch{display:inline-block;min-width:2.2rem;padding:0 .3rem;margin-right:.35rem;text-align:center;
font-weight:600;border-radius:3px}
.ramp{display:inline-flex;margin-right:.35rem;vertical-align:middle}
.ramp span{width:.8rem;height:1rem}
figure{margin:.5rem 0 1rem}
figcaption{font-size:.88rem;color:var(--muted)}
svg.histogram{display:block;width:100%;max-width:34rem;height:auto}
svg.histogram .bar{fill:#4575b4}
svg.histogram .axis{stroke:var(--ink);stroke-width:1}
svg.histogram text{font:11px system-ui,sans-serif;fill:var(--ink)}
.test{border-left:4px solid var(--bad);padding:.15rem 0 .15rem .85rem;margin:1.1rem 0}
.test.advisory{border-left-color:var(--warn)}
.test.grader{border-left-color:var(--grader)}
.what{font-weight:600}
ul.plain{list-style:none;padding-left:0;margin:.3rem 0 .8rem}
ul.plain li{margin:.15rem 0}
.sym{display:inline-block;width:1.3em;font-weight:700}
.sym.passed{color:var(--ok)}
.sym.failed,.sym.error,.sym.timeout{color:var(--bad)}
.sym.grader_error{color:var(--grader)}
footer{margin-top:2.5rem;font-size:.82rem;color:var(--muted)}
@media (max-width:40rem){
body{padding:.6rem .7rem 2rem;font-size:15px}
h1{font-size:1.35rem}
table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack thead{display:none}
table.stack tr{padding:.4rem 0;border-bottom:1px solid var(--line)}
table.stack td{border:0;padding:.12rem 0;text-align:left}
table.stack td[data-label]::before{content:attr(data-label) ": ";color:var(--muted);font-weight:400}
table.students,table.students thead,table.students tbody{display:block}
table.students thead tr{display:flex;flex-wrap:wrap;gap:.2rem .9rem;border-bottom:2px solid var(--ink)}
table.students thead th{border:0;padding:.2rem 0}
table.students tbody tr{display:flex;flex-wrap:wrap;gap:.25rem;padding:.45rem 0;border-bottom:1px solid var(--line)}
table.students td{border:0;padding:.15rem .4rem}
table.students td.who{flex:1 0 100%;padding-left:0;font-weight:600}
table.students td.cell::before{content:attr(data-label) " ";font-weight:400;font-size:.75rem}
table.students td.total{margin-left:auto}
.bonus{border-left:0}
}
@media print{
body{max-width:none;padding:0;font-size:10pt}
a{color:inherit;text-decoration:none}
th button{cursor:auto}
th[aria-sort] button::after{content:""}
td.cell,.swatch,.ramp span,.st-not_loaded,svg.histogram .bar{-webkit-print-color-adjust:exact;print-color-adjust:exact}
h2,h3{break-after:avoid}
tr,.test,pre,figure{break-inside:avoid}
}
"""
