print("lckmigrate-bench: work in progress")
