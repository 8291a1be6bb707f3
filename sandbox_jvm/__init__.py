"""The JVM worker's Java sources, shipped in the wheel as grader_assets.sandbox_jvm (README.md)."""
