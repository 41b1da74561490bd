//
//  AppDelegate.swift
//  RingLegacy
//
//  Launch wiring: PushKit registration happens at launch so a VoIP push that
//  relaunches the app finds its delegate immediately.
//

import UIKit

@UIApplicationMain
final class AppDelegate: UIResponder, UIApplicationDelegate {

    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        CallKitManager.shared.registerForVoIPPushes()

        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: DialPadViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) {
        for uuid in CallKitManager.shared.calls.keys {
            CallKitManager.shared.hangUp(callUUID: uuid)
        }
    }
}

/// Bare-bones dial pad. Numbers are sent in E.164 form only.
final class DialPadViewController: UIViewController, UITextFieldDelegate {

    private let numberField = UITextField()
    private let callButton = UIButton(type: .system)
    private let hangUpButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "RingLegacy"
        view.backgroundColor = .systemBackground

        numberField.placeholder = "+16505550143"
        numberField.keyboardType = .phonePad
        numberField.borderStyle = .roundedRect
        numberField.delegate = self

        callButton.setTitle("Call", for: .normal)
        callButton.addTarget(self, action: #selector(callTapped), for: .touchUpInside)
        hangUpButton.setTitle("Hang up", for: .normal)
        hangUpButton.addTarget(self, action: #selector(hangUpTapped), for: .touchUpInside)

        let stack = UIStackView(arrangedSubviews: [numberField, callButton, hangUpButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 32),
        ])
    }

    @objc private func callTapped() {
        let digits = (numberField.text ?? "").filter { $0.isNumber || $0 == "+" }
        CallKitManager.shared.dial(number: digits)
    }

    @objc private func hangUpTapped() {
        guard let call = CallKitManager.shared.calls.values.first else { return }
        CallKitManager.shared.hangUp(callUUID: call.uuid)
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        callTapped()
        return true
    }
}
